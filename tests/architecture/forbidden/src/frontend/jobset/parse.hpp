#pragma once
#include "frontend/pcs/types.hpp"
