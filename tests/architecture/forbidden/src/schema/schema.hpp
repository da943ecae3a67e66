#pragma once
#include "core/json.hpp"
