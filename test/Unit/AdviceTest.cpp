//===- AdviceTest.cpp - Advice worded per programming model ---------------===//
//
// Part of privateer. The same finding, on the same model but for the
// programming model, must tell OpenMP code about clauses and TBB code about
// tbb:: classes, and never the other way round.
//
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/Advice.h"
#include "RegionBuilderForTest.h"
#include "privateer/Analysis/SharedBufferAnalysis.h"
#include "privateer/Analysis/ThreadingChecks.h"

#include <gtest/gtest.h>

using namespace privateer;
using namespace privateer::test;

namespace {

/// Everything a finding says: its message and every note.
std::string text(const std::vector<Finding> &Fs) {
  std::string T;
  for (const Finding &F : Fs) {
    T += F.Message + "\n";
    for (const Note &N : F.Notes)
      T += N.Message + "\n";
  }
  return T;
}

bool has(const std::string &Text, const std::string &Word) {
  return Text.find(Word) != std::string::npos;
}

/// Words that only OpenMP code can act on.
void expectNoOpenMPWords(const std::string &Text) {
  for (const char *W : {"omp", "reduction(", "private(", "num_threads",
                        "#pragma", "critical", "threadprivate", "OMP_"})
    EXPECT_FALSE(has(Text, W)) << "'" << W << "' in:\n" << Text;
}

/// A region of \p Model, named as its front end names it.
TestRegion region(ProgrammingModelKind Model, RegionKind K = RegionKind::Loop) {
  TestRegion T(K);
  T.R.Model = Model;
  if (Model == ProgrammingModelKind::TBB)
    T.R.Construct = "tbb::parallel_for";
  else if (Model == ProgrammingModelKind::SCF)
    T.R.Construct = "scf.parallel";
  return T;
}

std::vector<Finding> shared(TestRegion &T) {
  AffineIndexOracle O;
  return analyzeSharedBuffers(T.R, O);
}

/// Scalar scratch written then read by every iteration.
std::string scratch(ProgrammingModelKind Model) {
  TestRegion T = region(Model);
  T.workItem("i", c(0), c(99));
  unsigned Row = T.buffer("row", BufferKind::Scalar);
  T.access(Row, AccessKind::Write, {});
  T.access(Row, AccessKind::Read, {});
  auto F = shared(T);
  EXPECT_EQ(F.size(), 1u);
  EXPECT_EQ(kindOf(F[0].Fix), RemedyKind::Privatize);
  return text(F);
}

/// A sum every iteration adds to.
std::string accumulation(ProgrammingModelKind Model) {
  TestRegion T = region(Model);
  T.workItem("i", c(0), c(99));
  unsigned S = T.buffer("s", BufferKind::Scalar);
  T.access(S, AccessKind::ReadModifyWrite, {}, ReductionOp::Add);
  auto F = shared(T);
  EXPECT_EQ(F.size(), 1u);
  // The remedy is the same for both: what to do, not how to spell it.
  const auto *Reduce = std::get_if<remedy::Reduce>(&F[0].Fix);
  EXPECT_TRUE(Reduce && Reduce->Op == ReductionOp::Add);
  EXPECT_EQ(F[0].BufferName, "s");
  return text(F);
}

/// A 4-slot buffer indexed by the thread number in a team of 8.
std::string teamSize(ProgrammingModelKind Model) {
  TestRegion T = region(Model, RegionKind::Replicated);
  SymbolId Tid = T.symbol("tid", SymbolKind::ThreadId, c(0), c(7));
  T.R.WorkItemVars.push_back(Tid);
  T.R.CreatesTeam = true;
  T.R.NumThreads = c(8);
  T.R.NumThreadsClause = true;
  unsigned Part = T.buffer("part");
  T.R.Buffers[Part].Extent = 4;
  T.access(Part, AccessKind::Write, {s(Tid)});
  AffineIndexOracle Oracle;
  auto F = analyzeThreadIdIndex(T.R, 64, Oracle);
  EXPECT_EQ(F.size(), 1u);
  return text(F);
}

} // namespace

TEST(Advice, ScratchIsPrivatizedInEachModelsWords) {
  std::string OpenMP = scratch(ProgrammingModelKind::OpenMP);
  EXPECT_TRUE(has(OpenMP, "add 'private(row)'")) << OpenMP;

  std::string TBB = scratch(ProgrammingModelKind::TBB);
  EXPECT_TRUE(has(TBB, "declare 'row' inside the lambda body")) << TBB;
  EXPECT_TRUE(has(TBB, "tbb::enumerable_thread_specific")) << TBB;
  expectNoOpenMPWords(TBB);
}

TEST(Advice, AccumulationIsReducedInEachModelsWords) {
  std::string OpenMP = accumulation(ProgrammingModelKind::OpenMP);
  EXPECT_TRUE(has(OpenMP, "use 'reduction(+: s)' on the directive")) << OpenMP;
  EXPECT_TRUE(has(OpenMP, "'#pragma omp atomic'")) << OpenMP;

  std::string TBB = accumulation(ProgrammingModelKind::TBB);
  EXPECT_TRUE(has(TBB, "tbb::parallel_reduce")) << TBB;
  EXPECT_TRUE(has(TBB, "tbb::combinable")) << TBB;
  expectNoOpenMPWords(TBB);

  // Fortran's directives take the same clauses.
  std::string Fortran = accumulation(ProgrammingModelKind::Fortran);
  EXPECT_TRUE(has(Fortran, "'reduction(+: s)'")) << Fortran;
  EXPECT_TRUE(has(Fortran, "'!$omp atomic'")) << Fortran;

  std::string SCF = accumulation(ProgrammingModelKind::SCF);
  EXPECT_TRUE(has(SCF, "scf.reduce")) << SCF;
  expectNoOpenMPWords(SCF);
}

TEST(Advice, TeamSizeIsBoundInEachModelsWords) {
  std::string OpenMP = teamSize(ProgrammingModelKind::OpenMP);
  EXPECT_TRUE(has(OpenMP, "'num_threads(8)' makes thread 4")) << OpenMP;

  std::string TBB = teamSize(ProgrammingModelKind::TBB);
  EXPECT_TRUE(has(TBB, "tbb::task_arena")) << TBB;
  EXPECT_TRUE(has(TBB, "tbb::global_control")) << TBB;
  expectNoOpenMPWords(TBB);
}

TEST(Advice, PerIterationAllocationInEachModelsWords) {
  for (ProgrammingModelKind M :
       {ProgrammingModelKind::OpenMP, ProgrammingModelKind::TBB}) {
    TestRegion T = region(M);
    T.workItem("i", c(0), c(99));
    T.R.CreatesTeam = true;
    unsigned Buf = T.buffer("tmp", BufferKind::Pointee);
    Allocation A;
    A.Name = "tmp";
    A.Allocator = AllocatorKind::Malloc;
    A.Bytes = c(4096);
    A.Freed = true;
    A.BufferIndex = Buf;
    T.R.Allocations.push_back(A);
    auto F = analyzeLoopAlloc(T.R);
    ASSERT_EQ(F.size(), 1u);
    EXPECT_EQ(kindOf(F[0].Fix), RemedyKind::AllocationPerThread);
    std::string Text = text(F);
    if (M == ProgrammingModelKind::OpenMP) {
      EXPECT_TRUE(has(Text, "an 'omp parallel' region that allocates 'tmp'"))
          << Text;
    } else {
      EXPECT_TRUE(has(Text, "tbb::enumerable_thread_specific")) << Text;
      expectNoOpenMPWords(Text);
    }
  }
}

TEST(Advice, TaskLoopsLeaseInsteadOfSplitting) {
  TestRegion T = region(ProgrammingModelKind::OpenMP);
  T.R.Construct = "omp taskloop";
  T.R.Construction = ConstructKind::TaskLoop;
  Allocation A;
  A.Name = "tmp";
  EXPECT_TRUE(
      has(perIterationAllocationAdvice(T.R, A), "privateer::buffer_pool"));
}

TEST(Advice, NoFixReasonsNameOnlyTheirModelsConstructs) {
  EXPECT_TRUE(has(whyNoFix(ProgrammingModelKind::OpenMP,
                           NoFixReason::AllocationOutsideTeamLoop),
                  "'parallel for'"));
  EXPECT_TRUE(has(
      whyNoFix(ProgrammingModelKind::OpenMP, NoFixReason::AllocationNotHoisted),
      "containers sized at their construction"));
  expectNoOpenMPWords(whyNoFix(ProgrammingModelKind::TBB,
                               NoFixReason::AllocationOutsideTeamLoop));
  expectNoOpenMPWords(
      whyNoFix(ProgrammingModelKind::TBB, NoFixReason::AllocationNotHoisted));
  EXPECT_EQ(whyNoFix(ProgrammingModelKind::TBB, NoFixReason::Unstated), "");
}
