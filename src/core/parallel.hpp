#pragma once
// Runs independent pieces of work on every core. Callers write each result to its own slot and
// merge the slots in index order afterwards, so the output does not depend on scheduling.
#include <cstddef>
#include <functional>

namespace grovectl {

// Calls work(i) for every i in [0, count), on up to parallel_jobs() threads: the calling thread and
// workers started at the first call and kept. A call made while another runs (from inside work)
// does its work on its own thread. An exception thrown by work is rethrown here after every
// thread has left the call.
void for_each_index_parallel(size_t count, const std::function<void(size_t)>& work);

// How many threads for_each_index_parallel runs on: -j/--jobs, else the CPUs this process may use
// (core/usable_cpus.hpp). Set before the first call; 0 restores the default.
void set_parallel_jobs(size_t jobs);
size_t parallel_jobs();

}  // namespace grovectl
