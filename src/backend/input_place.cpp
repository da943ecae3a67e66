#include "backend/input_place.hpp"

#include "yaml/document.hpp"

namespace grovectl {

Location location_of(const InputPlace& place) {
  return place.doc ? place.doc->locate(place.pointer) : Location{};
}

std::string field_path_of(const InputPlace& place) {
  return pointer_to_field_path(place.pointer);
}

}  // namespace grovectl
