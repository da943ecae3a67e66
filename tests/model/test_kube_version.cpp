// --kube-version accepts 1.36, v1.36 and 1.36.2 (the forms kubectl version prints: gitVersion "v1.36.2",
// major.minor "1.36"); anything else is refused with what is supported. The supported list (1.35, 1.36,
// 1.37) is KubeVersion::supported().
#include <catch2/catch.hpp>

#include "model/kube_version.hpp"

using namespace grovectl;

TEST_CASE("kube version: the accepted spellings and the refusals", "[model]") {
  for (const char* text : {"1.36", "v1.36", "1.36.2", "v1.36.2", "1.36.1234", "001.036"}) {
    INFO(text);
    std::string error;
    auto v = parse_kube_version(text, error);
    REQUIRE(v);
    CHECK(v->text() == "1.36");
    CHECK(error.empty());
  }
  for (const char* text : {"", "1", "1.", "v", "V1.36", "1.36.", "1.36.12345", "1.36.2-gke.1", "1.3x",
                           "1..36", "1234.36", "1.3600", " 1.36", "1.36 ", "+1.36", "1.36.2.1"}) {
    INFO("\"" << text << "\"");
    std::string error;
    CHECK_FALSE(parse_kube_version(text, error));
    CHECK(error == std::string("invalid Kubernetes version \"") + text +
                       "\"; use MAJOR.MINOR such as 1.37 (supported: 1.35, 1.36, 1.37)");
  }
  std::string error;
  CHECK_FALSE(parse_kube_version("1.38", error));
  CHECK(error == "Kubernetes 1.38 is not supported; supported versions: 1.35, 1.36, 1.37");
  CHECK_FALSE(parse_kube_version("v2.0.1", error));
  CHECK(error == "Kubernetes 2.0 is not supported; supported versions: 1.35, 1.36, 1.37");
}
