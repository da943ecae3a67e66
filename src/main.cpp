#include "cli/app.hpp"

int main(int argc, char** argv) {
  return grovectl::run_cli(argc, argv);
}
