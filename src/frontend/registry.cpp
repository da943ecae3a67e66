// The list of frontends. A new input kind adds one line here and its apiVersion/kind in classify.cpp.
#include "frontend/frontend.hpp"

namespace grovectl {

std::vector<std::unique_ptr<Frontend>> make_frontends() {
  std::vector<std::unique_ptr<Frontend>> frontends;
  frontends.push_back(make_podcliqueset_frontend());
  frontends.push_back(make_jobset_frontend());
  return frontends;
}

}  // namespace grovectl
