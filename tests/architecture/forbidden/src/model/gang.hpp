#pragma once
#include "core/json.hpp"
#include "frontend/pcs/parse.hpp"
