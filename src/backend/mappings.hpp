#pragma once
// The scheduler mappings, one per backend x API version (registered in registry.cpp).
#include "backend/mapping.hpp"

namespace grovectl {

const Mapping& kai_v2alpha2_mapping();
const Mapping& volcano_v1beta1_mapping();
const Mapping& koord_v1alpha1_mapping();
const Mapping& lpx_v1alpha1_mapping();                 // reads the PodGangs themselves
const Mapping& workload_v1alpha1_mapping();            // Kubernetes 1.35
const Mapping& workload_v1alpha2_mapping();            // Kubernetes 1.36
const Mapping& workload_v1beta1_mapping();             // Kubernetes 1.37, flat
const Mapping& workload_v1alpha3_composite_mapping();  // Kubernetes 1.37, --hierarchy composite

}  // namespace grovectl
