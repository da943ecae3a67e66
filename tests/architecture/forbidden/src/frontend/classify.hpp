#pragma once
#include "model/gang.hpp"
