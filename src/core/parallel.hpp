#pragma once
// Runs independent pieces of work on every core. Callers write each result to its own slot and
// merge the slots in index order afterwards, so the output does not depend on scheduling.
#include <cstddef>
#include <functional>

namespace grovectl {

// Calls work(i) for every i in [0, count), on up to one thread per core. An exception thrown by
// work is rethrown here after every thread has stopped.
void for_each_index_parallel(size_t count, const std::function<void(size_t)>& work);

}  // namespace grovectl
