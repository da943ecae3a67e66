// core/spool.hpp keeps what render and validate's JUnit report write until their verdict, beyond 1 MiB in
// a temporary file: whatever the sizes of the pieces, what comes back is what went in, in order.
#include <catch2/catch.hpp>
#include <sstream>

#include "core/spool.hpp"

using namespace grovectl;

TEST_CASE("spool: gives back every piece in order, across the 1 MiB buffer", "[core][spool]") {
  for (size_t piece : {size_t{1}, size_t{4095}, size_t{1} << 20, (size_t{1} << 20) + 7}) {
    Spool spool;
    std::string expected;
    for (int i = 0; expected.size() < (size_t{5} << 20); ++i) {
      const std::string text(piece, static_cast<char>('a' + i % 26));
      spool.write(text);
      expected += text;
    }
    std::ostringstream out;
    spool.copy_to(out);
    INFO("pieces of " << piece << " bytes");
    CHECK(spool.size() == expected.size());
    CHECK(out.str() == expected);
  }
}

TEST_CASE("spool: an empty spool gives back nothing", "[core][spool]") {
  Spool spool;
  std::ostringstream out;
  spool.copy_to(out);
  CHECK(out.str().empty());
  CHECK(spool.size() == 0);
}
