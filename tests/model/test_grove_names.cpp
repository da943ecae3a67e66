// Grove's names as functions of their inputs, case by case from Grove's own tests (ai-dynamo/grove
// operator/api/common/namegen_test.go after PR #778 and issue #874), and the Grove version table.
#include <catch2/catch.hpp>
#include <string>

#include "model/grove_names.hpp"
#include "model/grove_version.hpp"

using namespace grovectl;

TEST_CASE("epoch names: namegen_test.go's cases") {
  const auto kShort = LongPodGangNames::kShortened;
  CHECK(anchor_podgang_name("simple1", 0, "1700000000000000000", kShort) == "simple1-0-1700000000000000000");
  CHECK(non_anchor_podgang_name("my-app", 1, "42", "worker-group", 0, kShort) ==
        "my-app-1-42-worker-group-0");
  CHECK(podgang_map_name("simple1", 0) == "simple1-0");
  // The PodGang controller's tests (podgang/syncflow_test.go).
  CHECK(anchor_podgang_name("test-pcs", 0, "1000", kShort) == "test-pcs-0-1000");
  CHECK(non_anchor_podgang_name("test-pcs", 0, "1001", "scaling-group", 1, kShort) ==
        "test-pcs-0-1001-scaling-group-1");
}

TEST_CASE("epoch names over 63 bytes are shortened as issue #874's fix does, and only those") {
  // A 41-byte PodCliqueSet name makes a 63-byte anchor name (41 + "-0-" + 19 digits): unchanged.
  const std::string at_limit = std::string(41, 'a');
  CHECK(anchor_podgang_name(at_limit, 0, "1700000000000000000", LongPodGangNames::kShortened) ==
        at_limit + "-0-1700000000000000000");
  // 42 bytes make 64: the first 29 bytes, "-h", and the first 16 bytes of the SHA-256 of the whole name in
  // hex (computed with Python's hashlib), 63 bytes in all.
  const std::string over = std::string(42, 'a');
  const std::string shortened =
      anchor_podgang_name(over, 0, "1700000000000000000", LongPodGangNames::kShortened);
  CHECK(shortened == std::string(29, 'a') + "-h37268a059be96964799384f2d8d311b0");
  CHECK(shortened.size() == 63);
  // Without shortening (legacy releases) the name stays as it is, too long (expand reports it).
  CHECK(anchor_podgang_name(over, 0, "1700000000000000000", LongPodGangNames::kUnusable).size() == 64);
  // The kept prefix loses its trailing '-' and '.': 28 x, '.', '-' cut at 29 bytes keeps the 28 x.
  const std::string dotted = std::string(28, 'x') + ".-" + std::string(40, 'y');
  CHECK(shortened_podgang_name(dotted) == std::string(28, 'x') + "-h2ecdc0a5ec6058e229a86f607253310a");
  CHECK(shortened_podgang_name("short-name") == "short-name");
}

TEST_CASE("podgang_name: a rendered identity with another epoch, as a diff adopts a live one") {
  GangIdentity anchor;
  anchor.pcs = "llm-serve";
  anchor.replica = 1;
  anchor.role = GangRole::kAnchor;
  CHECK(podgang_name(anchor, "1788533963425276530", LongPodGangNames::kShortened) ==
        "llm-serve-1-1788533963425276530");
  GangIdentity tail = anchor;
  tail.replica = 0;
  tail.role = GangRole::kTail;
  tail.scaling_group = "prefill";
  tail.group_index = 2;
  CHECK(podgang_name(tail, "1788533963425275531", LongPodGangNames::kShortened) ==
        "llm-serve-0-1788533963425275531-prefill-2");
  GangIdentity legacy = anchor;
  legacy.role = GangRole::kLegacyBase;
  CHECK(podgang_name(legacy, "1", LongPodGangNames::kUnusable).empty());
  CHECK(std::string(gang_role_label(GangRole::kScaleOut)) == "ScaleOut");
}

TEST_CASE("epochs: replica r's anchor is N + 1000 r, its Tail and ScaleOut the next two") {
  // PodGang controller test (podgang/syncflow_test.go): replica 0 with epochs 1000/1001, replica 1 with
  // 2000/2001; bootstrap (podgangmap/steadystate.go): Tail = anchor + 1, ScaleOut = anchor + 2.
  CHECK(replica_epochs(1000, 0).anchor == 1000);
  CHECK(replica_epochs(1000, 0).tail == 1001);
  CHECK(replica_epochs(1000, 0).scale_out == 1002);
  CHECK(replica_epochs(1000, 1).anchor == 2000);
  CHECK(replica_epochs(1000, 1).tail == 2001);
  CHECK(std::to_string(kDefaultAnchorEpoch).size() == 19);
  // The largest --epoch leaves room for 2^31 replicas' steps below int64's maximum.
  CHECK(replica_epochs(kMaxAnchorEpoch, 2147483647).scale_out > kMaxAnchorEpoch);
}

TEST_CASE("Grove versions: the table, parsing, and why alpha.12 is not one") {
  REQUIRE(GroveVersion::supported().size() == 2);
  CHECK(GroveVersion::newest().name == "v0.1.0-alpha.13");
  std::string error;
  const GroveVersion* a11 = parse_grove_version("v0.1.0-alpha.11", error);
  REQUIRE(a11);
  CHECK(a11->naming == GangNaming::kLegacy);
  CHECK(a11->long_names == LongPodGangNames::kUnusable);
  CHECK_FALSE(a11->rolling_update);
  CHECK(a11->crd_file("PodGangMap").empty());
  // PR #663 (lpx) merged on 2026-06-16, before the v0.1.0-alpha.11 tag (2026-07-03).
  CHECK(a11->has_backend("lpx-scheduler"));
  const GroveVersion* a13 = parse_grove_version("0.1.0-alpha.13", error);
  REQUIRE(a13);
  CHECK(a13->naming == GangNaming::kEpoch);
  CHECK(a13->long_names == LongPodGangNames::kShortened);
  CHECK(a13->rolling_update);
  CHECK(a13->crd_file("PodGangMap") == "schemas/crd/grove/v0.1.0-alpha.13/podgangmap.json");
  CHECK(a13->crd_file("PodCliqueSet") == "schemas/crd/grove/v0.1.0-alpha.13/podcliqueset.json");
  CHECK(a13->crd_file("PodClique") == "schemas/crd/grove/v0.1.0-alpha.11/podclique.json");

  CHECK_FALSE(parse_grove_version("v0.1.0-alpha.12", error));
  CHECK_THAT(error, Catch::Contains("grove.io/epoch") && Catch::Contains("podgangmaps.grove.io") &&
                        Catch::Contains("v0.1.0-alpha.11") && Catch::Contains("v0.1.0-alpha.13"));
  CHECK_FALSE(parse_grove_version("v0.1.0-alpha.10", error));
  CHECK(error ==
        "Grove v0.1.0-alpha.10 is not supported; supported versions: v0.1.0-alpha.11, v0.1.0-alpha.13");
  CHECK_FALSE(parse_grove_version("latest", error));
  CHECK(error == "Grove latest is not supported; supported versions: v0.1.0-alpha.11, v0.1.0-alpha.13");
}
