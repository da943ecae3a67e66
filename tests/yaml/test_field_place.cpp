// FieldPlace writes a checked node's JSON pointer (RFC 6901: "~" as "~0", "/" as "~1") and its field path
// (keys joined by dots, items in brackets, as apimachinery's field.Path prints them) only when asked. The
// expected strings are written by hand from those two rules.
#include <catch2/catch.hpp>
#include <utility>

#include "yaml/field_place.hpp"

using namespace grovectl;

// A place refers to the one it was made from, so none is made from a temporary that dies before it.
template <typename Place>
concept HasKeyAndItem = requires(Place&& place) {
  std::forward<Place>(place).key("spec");
  std::forward<Place>(place).item(0);
};
static_assert(HasKeyAndItem<const FieldPlace&>);
static_assert(!HasKeyAndItem<FieldPlace>);

TEST_CASE("field place: keys and items from the document root") {
  const FieldPlace root("", "");
  CHECK(root.pointer().empty());
  CHECK(root.path().empty());
  const FieldPlace spec = root.key("spec");
  CHECK(spec.pointer() == "/spec");
  CHECK(spec.path() == "spec");
  const FieldPlace jobs = spec.key("replicatedJobs");
  const FieldPlace job = jobs.item(12);
  CHECK(job.pointer() == "/spec/replicatedJobs/12");
  CHECK(job.path() == "spec.replicatedJobs[12]");
  const FieldPlace resource = job.key("nvidia.com/gpu~x");
  CHECK(resource.pointer() == "/spec/replicatedJobs/12/nvidia.com~1gpu~0x");
  CHECK(resource.path() == "spec.replicatedJobs[12].nvidia.com/gpu~x");
}

TEST_CASE("field place: from a place already written, and items of items") {
  const FieldPlace written("/spec/template/cliques/0", "spec.template.cliques[0]");
  const FieldPlace spec = written.key("spec");
  const FieldPlace pod_spec = spec.key("podSpec");
  CHECK(pod_spec.pointer() == "/spec/template/cliques/0/spec/podSpec");
  CHECK(pod_spec.path() == "spec.template.cliques[0].spec.podSpec");
  const FieldPlace matrix = written.item(1);
  const FieldPlace cell = matrix.item(0);
  CHECK(cell.pointer() == "/spec/template/cliques/0/1/0");
  CHECK(cell.path() == "spec.template.cliques[0][1][0]");
}
