#pragma once
// Allowed: the model, the frontend root, its own folder.
#include "frontend/classify.hpp"
#include "model/gang.hpp"
#include "types.hpp"
#include <vector>
#include "backend/mapping.hpp"
