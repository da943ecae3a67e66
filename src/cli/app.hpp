#pragma once
// The grovectl command line: one file per command under src/cli/, wired together here.
namespace grovectl {
int run_cli(int argc, char** argv);
}  // namespace grovectl
