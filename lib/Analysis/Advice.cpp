//===- Advice.cpp - Advice worded per programming model -------------------===//
//
// Part of privateer. Every OpenMP word the analysis says (a clause, a
// directive, an environment variable) is here, next to what TBB, the C++
// parallel algorithms and MLIR code are told in the same situation. The
// OpenMP wording is the one the checks produced before it moved here, byte
// for byte: tests and users' scripts match it.
//
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/Advice.h"
#include "privateer/Analysis/Finding.h"

namespace privateer {

namespace {

using PM = ProgrammingModelKind;

/// OpenMP in C, C++ or Fortran: clauses and directives in the same words.
bool openMPWords(const ParallelRegion &R) {
  return R.Model == PM::OpenMP || R.Model == PM::Fortran;
}

/// A directive as the source writes it: `#pragma omp atomic`, `!$omp
/// atomic`.
std::string pragma(const ParallelRegion &R, const char *Directive) {
  return std::string(R.Model == PM::Fortran ? "!$omp " : "#pragma omp ") +
         Directive;
}

/// The worksharing loop directive: `omp for`, in Fortran `omp do`.
const char *worksharingLoop(const ParallelRegion &R) {
  return R.Model == PM::Fortran ? "omp do" : "omp for";
}

const char *itemNoun(RegionKind K) {
  switch (K) {
  case RegionKind::Loop:
    return "iteration";
  case RegionKind::Replicated:
    return "thread";
  case RegionKind::Sections:
    return "section";
  case RegionKind::Tasks:
    return "task";
  }
  return "work item";
}

/// The operator a reduction combines with, for words outside OpenMP's
/// clause (`+`, `max`).
std::string combining(ReductionOp Op) {
  const char *Id = openMPReductionIdentifier(Op);
  return Id ? std::string(" (combining with ") + Id + ")" : std::string();
}

} // namespace

const char *openMPReductionIdentifier(ReductionOp Op) {
  switch (Op) {
  case ReductionOp::Add:
  case ReductionOp::Sub:
    return "+";
  case ReductionOp::Mul:
    return "*";
  case ReductionOp::And:
    return "&";
  case ReductionOp::Or:
    return "|";
  case ReductionOp::Xor:
    return "^";
  case ReductionOp::Min:
    return "min";
  case ReductionOp::Max:
    return "max";
  default:
    return nullptr;
  }
}

//===-- privateer-shared-buffer -------------------------------------------===//

std::string privatizeAdvice(const ParallelRegion &R, const Buffer &B,
                            bool ReadsOthersWrites, bool ContainerReset) {
  if (!B.VisibleAtConstruct)
    return "give each thread its own copy: " + quote(B.Name) +
           (openMPWords(R) ? " is not visible at the directive"
                           : " is not visible at the construct") +
           "; make it a non-static local of the function that uses it";
  if (B.ThroughClosure)
    return "give each call of the lambda its own copy: declare " +
           quote(B.Name) + " inside the lambda body";
  if (ReadsOthersWrites) {
    // The called code reads what it may not have written first: a copy
    // per thread (threadprivate, thread_local) would change what it reads,
    // so none is advised.
    return "the called function uses " + quote(B.Name) +
           " for every work item, and not every element a work item reads "
           "is one it wrote first, so a copy per thread could change what "
           "the code computes: make each work item use elements of its own, "
           "or order the accesses";
  }
  switch (R.Model) {
  case PM::TBB:
    if (B.Kind == BufferKind::Pointee)
      return "give each thread its own buffer: allocate it inside the lambda "
             "body, or keep one per thread in a "
             "'tbb::enumerable_thread_specific', instead of sharing the "
             "memory " +
             quote(B.Name) + " points to";
    return "give each thread its own copy: declare " + quote(B.Name) +
           " inside the lambda body, or use 'tbb::enumerable_thread_specific'";
  case PM::StdPar:
    if (B.Kind == BufferKind::Pointee)
      return "give each element's call its own buffer, allocated inside the "
             "lambda body, instead of sharing the memory " +
             quote(B.Name) + " points to";
    return "give each call its own copy: declare " + quote(B.Name) +
           " inside the lambda body";
  case PM::SCF:
    return "give each iteration its own copy: allocate " + quote(B.Name) +
           " inside the 'scf.parallel' body ('memref.alloca') instead of "
           "sharing it";
  case PM::OmpDialect:
    return "give each thread its own copy: allocate " + quote(B.Name) +
           " inside the region, or privatize it on the construct with an "
           "'omp.private' recipe";
  case PM::Fortran:
    // Fortran declares at the top of a scope (a BLOCK inside a loop is
    // rare): the clause is the fix.
    if (B.Kind != BufferKind::Pointee)
      return "give each thread its own copy: add 'private(" + B.Name +
             ")' to the directive";
    break;
  case PM::OpenMP:
    break;
  }
  const char *Where = R.Kind == RegionKind::Loop       ? "the loop body"
                      : R.Kind == RegionKind::Tasks    ? "the task"
                      : R.Kind == RegionKind::Sections ? "each section"
                                                       : "the region";
  switch (B.Kind) {
  case BufferKind::Pointee:
    if (R.Kind == RegionKind::Loop)
      return "give each thread its own buffer: split the construct into an "
             "'omp parallel' region that allocates one buffer per thread and "
             "an '" +
             std::string(worksharingLoop(R)) +
             "' that uses it, instead of sharing the memory " + quote(B.Name) +
             " points to";
    return "give each " + std::string(itemNoun(R.Kind)) +
           " its own buffer, allocated in " + Where +
           ", instead of sharing the memory " + quote(B.Name) + " points to";
  case BufferKind::Container:
    return "give each thread its own copy: declare " + quote(B.Name) +
           " inside " + Where + " or add '" +
           (ContainerReset ? "private(" : "firstprivate(") + B.Name + ")'";
  default:
    return "give each thread its own copy: declare " + quote(B.Name) +
           " inside " + Where + " or add 'private(" + B.Name + ")'";
  }
}

namespace {

/// What a reduction clause names for \p W's updates of \p B (`s`,
/// `h[:256]`, `p[:N]`), or empty when no clause can: reductions name
/// variables or array sections, not containers or one element a pointer
/// points to, and no clause of the construct names a variable a lambda
/// made before it updates (it refers to the variable itself). Fortran
/// reduces a whole array by its name.
std::string reductionItem(const ParallelRegion &R, const Buffer &B,
                          const Access &W,
                          std::optional<uint64_t> PointeeSection) {
  if (!B.VisibleAtConstruct || B.ThroughClosure)
    return "";
  std::string Clause;
  if (B.Kind == BufferKind::Scalar && W.Index.empty())
    Clause = B.Name;
  else if (R.Model == PM::Fortran && B.Kind == BufferKind::Array)
    Clause = B.Name;
  else if (B.Kind == BufferKind::Array && B.Extent)
    Clause = B.Name + "[:" + std::to_string(*B.Extent) + "]";
  else if (B.Kind == BufferKind::Pointee && PointeeSection)
    Clause = B.Name + "[:" + std::to_string(*PointeeSection) + "]";
  else if (B.Kind == BufferKind::Array || B.Kind == BufferKind::Pointee)
    Clause = B.Name + "[:N]";
  if (B.Kind == BufferKind::Pointee && W.Index.size() == 1 &&
      W.Index[0]->kind() == ExprKind::Constant)
    Clause.clear(); // `*p += x`: one element
  return Clause;
}

} // namespace

std::string reductionAdvice(const ParallelRegion &R, const Buffer &B,
                            const Access &W,
                            std::optional<uint64_t> PointeeSection) {
  switch (R.Model) {
  case PM::TBB:
    return "combine per-thread partial results with 'tbb::parallel_reduce' "
           "or 'tbb::combinable'" +
           combining(W.Op) + ", or make the update atomic ('std::atomic_ref')";
  case PM::StdPar:
    return "compute it with 'std::reduce' or 'std::transform_reduce'" +
           combining(W.Op) + ", or make the update atomic ('std::atomic_ref')";
  case PM::SCF:
    return "reduce it with 'scf.reduce' in the 'scf.parallel'" +
           combining(W.Op) + ", or make the update a 'memref.atomic_rmw'";
  case PM::OmpDialect:
    return "add a reduction to the construct, with an "
           "'omp.declare_reduction'" +
           combining(W.Op) + ", or make the update an 'omp.atomic.update'";
  case PM::OpenMP:
  case PM::Fortran:
    break;
  }
  const char *Spelled = openMPReductionIdentifier(W.Op);
  std::string Atomic = "'" + pragma(R, "atomic") + "' on the update";
  bool Field = false;
  for (const std::string &F : W.Fields)
    Field |= !F.empty();
  std::string Clause =
      Spelled && !Field ? reductionItem(R, B, W, PointeeSection) : "";
  if (R.Kind == RegionKind::Tasks || W.InNestedTask)
    return "protect the update with " + Atomic +
           (Clause.empty() ? std::string(" or 'omp critical'")
                           : ", or reduce with 'in_reduction(" +
                                 std::string(Spelled) + ": " + Clause +
                                 ")' on the task and a 'task_reduction' "
                                 "around it");
  // A member or component no clause can name: the usual remedy is a
  // local the clause can, copied in before and back after.
  if (Clause.empty() && Field && Spelled && B.VisibleAtConstruct &&
      !B.ThroughClosure && R.Construction != ConstructKind::TeamRoutine &&
      !W.InNestedTask && R.Kind != RegionKind::Tasks)
    return "reduce a local copy: take " + quote(W.Spelling) +
           " into a local before the construct, name the local in "
           "'reduction(" +
           Spelled +
           ": ...)' on the directive and update it in the loop, "
           "and store it back after; or protect the update with " +
           Atomic + " or 'omp critical'";
  if (Clause.empty())
    return "protect the update with " + Atomic + " or 'omp critical'";
  // What the loop around reduces, the lanes of each of its threads
  // update as one copy: the simd directive needs the clause too.
  if (B.ReducedAround && R.Construction == ConstructKind::SimdLanes)
    return quote(B.Name) +
           " is a reduction variable of the loop around, but that gives "
           "each thread one copy, which its SIMD lanes share: add "
           "'reduction(" +
           std::string(Spelled) + ": " + Clause + ")' to the 'simd' directive";
  std::string Advice = "use 'reduction(" + std::string(Spelled) + ": " +
                       Clause + ")' on the directive";
  if (Clause.find("[:N]") != std::string::npos)
    Advice += ", with N the number of elements of " + quote(B.Name);
  return Advice + ", or " + Atomic;
}

std::string partialPerThreadAdvice(const ParallelRegion &R, const Buffer &B,
                                   const Access &W) {
  std::string Who = quote(B.Name);
  std::string Why = "every thread of the team reads " + Who +
                    " after it as its own partial, so a reduction of this "
                    "construct (or atomic updates) would give each thread the "
                    "whole result; ";
  const char *Spelled = openMPReductionIdentifier(W.Op);
  if ((R.Model == PM::OpenMP || R.Model == PM::Fortran) && Spelled)
    return Why +
           "give each thread its own copy for the whole region: "
           "'reduction(" +
           Spelled + ": " + B.Name +
           ")' on the enclosing parallel construct, or a local declared "
           "inside it";
  return Why + "give each thread its own copy for the whole region (a "
               "local declared inside it)";
}

std::string sameValueStoreMessage(const ParallelRegion &R, const Buffer &B,
                                  const Access &Store,
                                  const std::string &Value) {
  // A store under a condition is made by the work items that meet it.
  std::string Who = Store.OnEveryPath ? "every " : "more than one ";
  switch (R.Kind) {
  case RegionKind::Loop:
    Who += "iteration";
    break;
  case RegionKind::Replicated:
    Who += "thread";
    break;
  case RegionKind::Sections:
    Who = "more than one section";
    break;
  case RegionKind::Tasks:
    Who += "task";
    break;
  }
  std::string What = quote(Store.Spelling);
  std::string Why = R.Model == PM::Fortran
                        ? "a data race the OpenMP standard does not allow"
                        : "a data race, undefined behaviour in C and C++";
  return What + " is written by " + Who + " with the same value (" +
         quote(Value) + ") without synchronization: " + Why +
         ", though no store loses anything";
}

std::string sameValueStoreAdvice(const ParallelRegion &R, const Buffer &B) {
  std::string Name = quote(B.Name);
  switch (R.Model) {
  case PM::OpenMP:
  case PM::Fortran:
    return "make the store '" + pragma(R, "atomic write") +
           "', or make it once, in 'single' or 'masked' before a barrier "
           "the code already has";
  case PM::TBB:
  case PM::StdPar:
    return "make " + Name +
           " a 'std::atomic' (or store through 'std::atomic_ref') with "
           "'memory_order_relaxed'";
  case PM::SCF:
  case PM::OmpDialect:
    return "make the store atomic ('memref.atomic_rmw assign', "
           "'omp.atomic.write')";
  }
  return "make the store atomic";
}

std::string counterAdvice(const ParallelRegion &R) {
  // Either way the values go to the work items in the threads' order: what
  // they index (an output queue) is no longer in the sequential order.
  std::string Merge = std::string("fill per-thread buffers and merge them "
                                  "after the ") +
                      describe(R.Kind) +
                      " (either way the order of what the values index "
                      "follows the threads, not the sequential order)";
  switch (R.Model) {
  case PM::TBB:
  case PM::StdPar:
    return "take each value with 'fetch_add' on a 'std::atomic' (or through "
           "'std::atomic_ref'), or " +
           Merge;
  case PM::SCF:
    return "take each value with 'memref.atomic_rmw', or " + Merge;
  case PM::OmpDialect:
    return "take each value with 'omp.atomic.capture', or " + Merge;
  case PM::OpenMP:
  case PM::Fortran:
    break;
  }
  return "take each value with '" + pragma(R, "atomic capture") + "', or " +
         Merge;
}

std::string containerAdvice(const ParallelRegion &R) {
  std::string PerThread = std::string("fill a container per thread and merge "
                                      "them after the ") +
                          describe(R.Kind);
  switch (R.Model) {
  case PM::TBB:
    return "fill a container per thread ('tbb::enumerable_thread_specific') "
           "and merge them after the " +
           std::string(describe(R.Kind)) +
           ", or use a concurrent container ('tbb::concurrent_vector')";
  case PM::StdPar:
    return PerThread + ", or protect the call with a 'std::mutex'";
  case PM::SCF:
  case PM::OmpDialect:
    return PerThread;
  case PM::OpenMP:
  case PM::Fortran:
    break;
  }
  return PerThread +
         " (in 'omp critical'), or protect the call with 'omp critical'";
}

std::string collisionAdvice(const ParallelRegion &R, const Buffer &B,
                            bool WholeObject) {
  std::string OwnElement =
      std::string("make each ") + itemNoun(R.Kind) + " use its own element";
  switch (R.Model) {
  case PM::TBB:
  case PM::StdPar: {
    const char *Reduce = R.Model == PM::TBB ? "'tbb::parallel_reduce'"
                                            : "'std::transform_reduce'";
    if (R.Kind == RegionKind::Replicated)
      return "write it from one thread, protect it with a mutex or make it a "
             "'std::atomic', or make it local to the lambda";
    if (WholeObject)
      return "make the write atomic ('std::atomic_ref', or a 'std::atomic' "
             "object); a flag that only ever becomes true can be an '||' "
             "reduction with " +
             std::string(Reduce);
    return std::string("no automatic fix: protect the accesses with a mutex "
                       "(") +
           (R.Model == PM::TBB ? "'tbb::spin_mutex', " : "") +
           "'std::mutex') or make them atomic, or " + OwnElement;
  }
  case PM::SCF:
    return "no automatic fix: " + OwnElement +
           ", or update it with 'memref.atomic_rmw'";
  case PM::OmpDialect:
    if (R.Kind == RegionKind::Replicated)
      return "write it from one thread ('omp.single' or 'omp.masked'), "
             "protect it with 'omp.critical' or 'omp.atomic.write', or make "
             "it private";
    if (WholeObject)
      return "make the write an 'omp.atomic.write'";
    return "no automatic fix: protect the accesses with 'omp.critical' or "
           "'omp.atomic.update', or " +
           OwnElement;
  case PM::OpenMP:
  case PM::Fortran:
    break;
  }
  if (R.Kind == RegionKind::Replicated)
    return "write it from one thread ('omp single' or 'omp masked'), "
           "protect it with 'omp critical' or 'omp atomic write', or make "
           "it private";
  if (WholeObject)
    return "make the write '" + pragma(R, "atomic write") +
           "'; a flag that only ever becomes true can be a 'reduction(" +
           (R.Model == PM::Fortran ? ".or." : "||") + ": " + B.Name + ")'";
  return "no automatic fix: protect the accesses with 'omp critical' or "
         "'omp atomic', or " +
         OwnElement;
}

std::string readBeforeWriteAdvice(const ParallelRegion &R, const Buffer &B) {
  // Neither a flag (it is read) nor provably scratch: a private copy is
  // the fix only where the path that reads first cannot be taken, which
  // the analysis could not show.
  std::string Private = privatizeAdvice(R, B, /*ReadsOthersWrites=*/false);
  return "no automatic fix: a path of each " + std::string(itemNoun(R.Kind)) +
         " reads " + quote(B.Name) +
         " where no write of its own comes first, and a private copy would "
         "change what that read sees; if that path cannot be taken, " +
         Private;
}

std::string readThenWriteAdvice(const ParallelRegion &R, const Buffer &B) {
  std::string Head = "no automatic fix: each " + std::string(itemNoun(R.Kind)) +
                     " reads " + quote(B.Name) +
                     " and then writes it, and an atomic write would not "
                     "keep the two together: ";
  switch (R.Model) {
  case PM::TBB:
  case PM::StdPar:
    return Head + "hold one mutex around both, or make it a 'std::atomic' "
                  "updated with compare_exchange";
  case PM::SCF:
  case PM::OmpDialect:
    return Head + "protect both with one 'omp.critical'";
  case PM::OpenMP:
  case PM::Fortran:
    break;
  }
  std::string Critical =
      Head + "protect both with one '" + pragma(R, "critical") + "'";
  if (B.FloatingPoint) // no flag
    return Critical;
  return Critical +
         "; a flag that only ever becomes true can be a "
         "'reduction(" +
         (R.Model == PM::Fortran ? ".or." : "||") + ": " + B.Name + ")'";
}

std::string loopCarriedAdvice(const ParallelRegion &R) {
  return "no automatic fix: keep this loop sequential, or write the results "
         "to a separate buffer";
}

std::string missingBarrierAdvice(const ParallelRegion &R,
                                 const ParallelRegion &P, bool OneThread,
                                 bool HasNowait) {
  std::string Before = quote(P.Construct);
  if (HasNowait)
    return "this " + Before +
           " ends with 'nowait': without it, the barrier at its end would "
           "order " +
           (OneThread ? "it before the loop"
            : R.Kind == RegionKind::Loop
                ? "the two loops"
                : "it before the " + quote(R.Construct));
  return "this " + Before + " has no barrier at its end: put '" +
         pragma(R, "barrier") + "' after it" +
         (OneThread ? ", or use 'single', which ends with one" : "");
}

std::string oneThreadWriteAdvice(const ParallelRegion &R) {
  return "put '" + pragma(R, "barrier") +
         "' after the construct that makes it (a 'single' without 'nowait' "
         "ends with one)";
}

std::string siblingTaskAdvice(const ParallelRegion &R, const Buffer &B,
                              bool CommutingUpdates) {
  std::string Name = quote(B.Name);
  if (R.Model == PM::TBB)
    return std::string("no 'wait()' of its task_group is between the two "
                       "'run' calls; call 'wait()' between them") +
           (CommutingUpdates ? ", or make both updates atomic "
                               "('std::atomic', or a 'tbb::combinable' for "
                               "sums)"
                             : "");
  return "no 'depend' clause of both tasks names " + Name +
         " and no 'taskwait' is between them; order the two tasks with "
         "'depend' clauses that name " +
         Name + " (for example 'depend(inout: " + B.Name +
         ")' on both), or put a 'taskwait' between them" +
         (CommutingUpdates ? ", or make both updates 'atomic'" : "");
}

std::string creatorWaitAdvice(const ParallelRegion &R, const Buffer &B,
                              bool Reads) {
  std::string Uses =
      std::string(Reads ? "reads" : "writes") + " " + quote(B.Name);
  if (R.Model == PM::TBB)
    return "wait for it with its task_group's 'wait()' before the "
           "statement that " +
           Uses;
  return "wait for it with '" + pragma(R, "taskwait") +
         "' before the statement that " + Uses +
         " (or create the task in a 'taskgroup' that ends before it)";
}

//===-- privateer-threadid-index ------------------------------------------===//

std::string taskSlotMessage(const ParallelRegion &R, const Buffer &B,
                            const std::string &What, bool Untied) {
  if (Untied)
    return quote(B.Name) + " is indexed by the thread number in " +
           (openMPWords(R) ? "an untied task"
                           : "a task that is not tied to its thread") +
           ": after " + What +
           " the task can resume on another thread, and two tasks then use "
           "one slot";
  if (R.Kind != RegionKind::Tasks && !R.InterleavedWork)
    return quote(B.Name) +
           " is indexed by the thread number in code that keeps using its "
           "slot across " +
           What + ": the thread's implicit task can be suspended there, " +
           (R.ChildTasksSeenUsingThreadId
                ? "and the thread then runs a child task that takes the "
                  "same slot"
                : "and the thread may then run a child task that takes "
                  "the same slot in code whose body is not seen");
  return quote(B.Name) +
         " is indexed by the thread number in a task that keeps using its "
         "slot across " +
         What +
         ", where the thread can run another task that takes the same slot";
}

std::string taskSlotAdvice(const ParallelRegion &R) {
  if (R.Kind != RegionKind::Tasks && !R.InterleavedWork)
    return "give each call its own buffer (a local array, or a lease from "
           "'privateer::buffer_pool' for the call) instead of the thread's "
           "slot";
  return std::string("give the task a buffer of its own: declare it in the ") +
         (R.Model == PM::TBB || R.Model == PM::StdPar ? "lambda body"
                                                      : "task") +
         ", or lease one from 'privateer::buffer_pool' for the task's "
         "lifetime";
}

std::string slotsPastTeamMessage(const ParallelRegion &R, const Buffer &B,
                                 int64_t Team, int64_t Thread) {
  std::string Asked;
  if (openMPWords(R))
    Asked = "'num_threads(" + std::to_string(Team) + ")' makes";
  else if (R.Model == PM::TBB)
    Asked = "an arena of " + std::to_string(Team) +
            " threads ('tbb::task_arena') makes";
  else
    Asked = "a team of " + std::to_string(Team) + " threads makes";
  return quote(B.Name) + " has " + std::to_string(B.Extent.value_or(0)) +
         " elements but is indexed by the thread number, and " + Asked +
         " thread " + std::to_string(Thread) + " access past its end";
}

std::string teamMayOutgrowSlotsMessage(const ParallelRegion &R,
                                       const Buffer &B) {
  const char *Why = openMPWords(R) ? "OMP_NUM_THREADS, the number of cores"
                    : R.Model == PM::TBB
                        ? "the number of cores, unless a "
                          "'tbb::global_control' or 'tbb::task_arena' "
                          "limits it"
                        : "the number of cores";
  return quote(B.Name) + " has " + std::to_string(B.Extent.value_or(0)) +
         " elements but is indexed by the thread number, and the team of "
         "this '" +
         R.Construct + "' may have more threads (" + Why + ")";
}

std::string teamOutgrowsSlotsMessage(const ParallelRegion &R, const Buffer &B,
                                     int64_t Thread) {
  const char *Who = openMPWords(R) ? "OMP_NUM_THREADS, or a machine with "
                                     "more cores"
                                   : "a machine with more cores";
  return quote(B.Name) + " has " + std::to_string(B.Extent.value_or(0)) +
         " elements but is indexed by the thread number, and nothing "
         "bounds the team of this '" +
         R.Construct + "': with more than " + std::to_string(Thread) +
         " threads (" + Who + "), thread " + std::to_string(Thread) +
         " accesses past its end";
}

std::string maxThreadsSlotsMessage(const ParallelRegion &R, const Buffer &B,
                                   int64_t Team) {
  if (openMPWords(R))
    return quote(B.Name) +
           " has omp_get_max_threads() elements but "
           "'num_threads(" +
           std::to_string(Team) + ")' may ask for more threads than that";
  if (R.Model == PM::TBB)
    return quote(B.Name) +
           " has 'tbb::this_task_arena::max_concurrency()' elements but an "
           "arena of " +
           std::to_string(Team) + " threads may have more than that";
  return quote(B.Name) + " has an element per default thread but a team of " +
         std::to_string(Team) + " threads may have more";
}

std::string sizeForTeamAdvice(const ParallelRegion &R) {
  if (openMPWords(R))
    return "size it for the team that runs: allocate it with "
           "omp_get_num_threads() elements read inside the region, or bound "
           "the team with 'num_threads'";
  if (R.Model == PM::TBB)
    return "size it for the arena that runs: allocate it with "
           "'tbb::this_task_arena::max_concurrency()' elements read inside "
           "the arena, or bound the threads with 'tbb::global_control' or a "
           "'tbb::task_arena'";
  return "size it for the team that runs, or bound the number of threads";
}

std::string slotFalseSharingAdvice(const ParallelRegion &R,
                                   const std::string &Spelling,
                                   unsigned CacheLine) {
  if (R.Model == PM::TBB)
    return "keep each thread's value in a 'tbb::enumerable_thread_specific' "
           "(its 'local()') and combine the values after the call, or pad "
           "each slot to a whole line ('privateer::padded<T>', or a struct "
           "with 'alignas(" +
           std::to_string(CacheLine) + ")')";
  return "accumulate in a local variable and write " + quote(Spelling) +
         " once after the loop, or pad each slot to a whole line "
         "('privateer::padded<T>', or a struct with 'alignas(" +
         std::to_string(CacheLine) + ")')";
}

//===-- privateer-loop-alloc, privateer-subline-alloc ---------------------===//

std::string perIterationAllocationAdvice(const ParallelRegion &R,
                                         const Allocation &A) {
  // Tasks do not stay on one thread: a pool bounds the buffers instead.
  if (R.Construction == ConstructKind::TaskLoop)
    return "lease a buffer per task from 'privateer::buffer_pool' (at most "
           "one per thread exists) instead of allocating one per iteration";
  switch (R.Model) {
  case PM::TBB:
    return "allocate it once per thread and reuse it: keep it in a "
           "'tbb::enumerable_thread_specific' whose 'local()' every "
           "iteration takes";
  case PM::StdPar:
    return "allocate it once per thread and reuse it (a 'thread_local' "
           "buffer), instead of once per element";
  case PM::SCF:
    return "allocate it once, before the 'scf.parallel', with a slice per "
           "thread, and reuse it in every iteration";
  case PM::OmpDialect:
    return "allocate it once per thread in the enclosing 'omp.parallel', "
           "outside the loop, and reuse it in every iteration";
  case PM::OpenMP:
  case PM::Fortran:
    break;
  }
  if (R.CreatesTeam)
    return "allocate it once per thread and reuse it: split '" + R.Construct +
           "' into an 'omp parallel' region that allocates " + quote(A.Name) +
           " and an '" + worksharingLoop(R) + "' whose iterations reuse it";
  return "allocate it once per thread in the enclosing parallel region, "
         "before this '" +
         R.Construct + "', and reuse it in every iteration";
}

std::string lineAlignedAllocationAdvice(const ParallelRegion &R,
                                        const Allocation &A,
                                        std::optional<int64_t> Bytes,
                                        unsigned CacheLine) {
  std::string Rounded =
      Bytes ? std::to_string((*Bytes + CacheLine - 1) / CacheLine * CacheLine)
            : "N";
  std::string Size = Bytes ? std::to_string(*Bytes) : R.print(*A.Bytes);
  if (R.Model == PM::SCF || R.Model == PM::OmpDialect)
    return "allocate whole, line-aligned lines: 'memref.alloc' with "
           "'alignment = " +
           std::to_string(CacheLine) + "' and " + Rounded + " bytes" +
           (Bytes ? std::string()
                  : " with N the size rounded up to whole lines");
  return "allocate whole, line-aligned lines: 'privateer_aligned_alloc(" +
         Size + ")' from <privateer/runtime/privateer.h>, or 'aligned_alloc(" +
         std::to_string(CacheLine) + ", " + Rounded + ")'" +
         (Bytes ? std::string() : " with N the size rounded up to whole lines");
}

//===-- privateer-chunk-false-sharing -------------------------------------===//

namespace {
const char *scheduleName(ScheduleKind K) {
  switch (K) {
  case ScheduleKind::Static:
    return "static";
  case ScheduleKind::Dynamic:
    return "dynamic";
  case ScheduleKind::Guided:
    return "guided";
  default:
    return "";
  }
}
} // namespace

std::string scheduleSpelling(const ParallelRegion &R, int64_t Chunk) {
  if (R.Model == PM::TBB)
    return "a grain size of " + std::to_string(Chunk) +
           " with 'tbb::simple_partitioner'";
  if (!openMPWords(R))
    return "a chunk of " + std::to_string(Chunk);
  return quote(std::string("schedule(") + scheduleName(R.Schedule) + ", " +
               std::to_string(Chunk) + ")");
}

std::string wholeLineChunkAdvice(const ParallelRegion &R, int64_t Chunk) {
  if (R.Model == PM::TBB)
    return "use a grain size of whole lines: 'tbb::blocked_range' with a "
           "grain size of " +
           std::to_string(Chunk);
  if (!openMPWords(R))
    return "use a chunk of whole lines: " + std::to_string(Chunk) +
           " iterations";
  return "use a chunk of whole lines: " + scheduleSpelling(R, Chunk);
}

} // namespace privateer
