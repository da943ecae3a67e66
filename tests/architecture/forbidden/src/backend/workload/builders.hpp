#pragma once
#include "backend/mapping.hpp"
