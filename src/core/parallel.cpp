#include "core/parallel.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

#include "core/usable_cpus.hpp"

namespace grovectl {
namespace {

// -j/--jobs; 0 until set: usable_cpus(), asked once (it reads /proc and /sys, and a render runs hundreds of
// jobs).
std::atomic<size_t> requested_jobs{0};

// One run of for_each_index_parallel: the items are handed out one at a time from `next`.
struct Job {
  size_t count = 0;
  const std::function<void(size_t)>* work = nullptr;
  std::atomic<size_t> next{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;

  void take_items() {
    try {
      for (size_t i = next++; i < count; i = next++) (*work)(i);
    } catch (...) {
      std::lock_guard lock(failure_mutex);
      if (!failure) failure = std::current_exception();
      next = count;  // the others stop at their next item
    }
  }
};

// Worker threads started once and kept for the whole run. Starting a thread per call cost more
// than the work of a small call, and each exiting thread hands its allocator heap back, which
// was about 5% of a render's instructions.
class WorkerPool {
 public:
  static WorkerPool& instance() {
    static WorkerPool pool;
    return pool;
  }

  ~WorkerPool() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_all();
    for (auto& thread : threads_) thread.join();
  }

  // Runs the job on the calling thread and every idle worker; returns when all have left it.
  // Returns false, having done nothing, when the pool is already busy (a nested or concurrent
  // call): the caller then does the work alone.
  bool run(Job& job) {
    if (busy_.exchange(true)) return false;
    start_workers(std::min(job.count, parallel_jobs()) - 1);
    {
      std::lock_guard lock(mutex_);
      job_ = &job;
      ++generation_;
      working_ = threads_.size();
    }
    wake_.notify_all();
    job.take_items();
    std::unique_lock lock(mutex_);
    done_.wait(lock, [&] { return working_ == 0; });
    job_ = nullptr;
    busy_ = false;
    return true;
  }

 private:
  void start_workers(size_t wanted) {
    while (threads_.size() < wanted && !out_of_threads_) {
      try {
        threads_.emplace_back([this, seen = generation_] { serve(seen); });
      } catch (const std::system_error&) {
        out_of_threads_ = true;  // e.g. under a tight address-space limit: fewer workers do it all
      }
    }
  }

  void serve(size_t seen) {
    std::unique_lock lock(mutex_);
    for (;;) {
      wake_.wait(lock, [&] { return stopping_ || generation_ != seen; });
      if (stopping_) return;
      seen = generation_;
      Job* job = job_;
      lock.unlock();
      job->take_items();
      lock.lock();
      if (--working_ == 0) done_.notify_one();
    }
  }

  std::atomic<bool> busy_{false};  // set while the pool runs one caller's job
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable done_;
  std::vector<std::thread> threads_;
  Job* job_ = nullptr;
  size_t generation_ = 0;
  size_t working_ = 0;
  bool stopping_ = false;
  bool out_of_threads_ = false;
};

}  // namespace

void set_parallel_jobs(size_t jobs) {
  requested_jobs = jobs;
}

size_t parallel_jobs() {
  if (size_t jobs = requested_jobs) return jobs;
  static const size_t usable = usable_cpus();
  return usable;
}

void for_each_index_parallel(size_t count, const std::function<void(size_t)>& work) {
  Job job;
  job.count = count;
  job.work = &work;
  if (count <= 1 || !WorkerPool::instance().run(job)) job.take_items();
  if (job.failure) std::rethrow_exception(job.failure);
}

}  // namespace grovectl
