#pragma once
#include "backend/mapping.hpp"
#include "../workload/builders.hpp"
