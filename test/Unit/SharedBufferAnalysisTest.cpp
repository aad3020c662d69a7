//===- SharedBufferAnalysisTest.cpp - Classification of races -------------===//

#include "privateer/Analysis/SharedBufferAnalysis.h"
#include "RegionBuilderForTest.h"

#include <gtest/gtest.h>

using namespace privateer;
using namespace privateer::test;

namespace {
std::vector<Finding> analyze(TestRegion &T) {
  AffineIndexOracle O;
  return analyzeSharedBuffers(T.R, O);
}
} // namespace

TEST(SharedBufferAnalysis, ReadOnlySharingIsSilent) {
  TestRegion T;
  SymbolId I = T.workItem("i", c(0), c(99));
  unsigned A = T.buffer("table");
  T.access(A, AccessKind::Read, {c(0)});
  T.access(A, AccessKind::Read, {s(I)});
  EXPECT_TRUE(analyze(T).empty());
}

TEST(SharedBufferAnalysis, PrivateBuffersAreSilent) {
  TestRegion T;
  T.workItem("i", c(0), c(99));
  unsigned A = T.buffer("tmp");
  T.R.Buffers[A].Attr = Sharing::Private;
  T.access(A, AccessKind::Write, {c(0)});
  EXPECT_TRUE(analyze(T).empty());
}

TEST(SharedBufferAnalysis, ProtectedAccessesAreSilent) {
  TestRegion T;
  T.workItem("i", c(0), c(99));
  unsigned A = T.buffer("sum", BufferKind::Scalar);
  T.access(A, AccessKind::ReadModifyWrite, {}, ReductionOp::Add).Protection =
      Guard::Atomic;
  EXPECT_TRUE(analyze(T).empty());
}

TEST(SharedBufferAnalysis, WriteThenReadIsScratch) {
  TestRegion T;
  T.workItem("i", c(0), c(99));
  unsigned A = T.buffer("tmp", BufferKind::Scalar);
  T.access(A, AccessKind::Write, {});
  T.access(A, AccessKind::Read, {});
  auto F = analyze(T);
  ASSERT_EQ(F.size(), 1u);
  EXPECT_EQ(F[0].Kind, RaceKind::Scratch);
  EXPECT_NE(F[0].Message.find("'tmp' is scratch"), std::string::npos);
  EXPECT_FALSE(F[0].May);
}

TEST(SharedBufferAnalysis, UpdateIsAnAccumulationWithItsReduction) {
  TestRegion T;
  T.workItem("i", c(0), c(99));
  unsigned A = T.buffer("m", BufferKind::Scalar);
  T.access(A, AccessKind::ReadModifyWrite, {}, ReductionOp::Max);
  auto F = analyze(T);
  ASSERT_EQ(F.size(), 1u);
  EXPECT_EQ(F[0].Kind, RaceKind::Accumulation);
  bool Advised = false;
  for (const Note &N : F[0].Notes)
    Advised |= N.Message.find("reduction(max: m)") != std::string::npos;
  EXPECT_TRUE(Advised);
}

TEST(SharedBufferAnalysis, UsedUpdateIsACounter) {
  TestRegion T;
  T.workItem("i", c(0), c(99));
  unsigned N = T.buffer("n", BufferKind::Scalar);
  T.access(N, AccessKind::ReadModifyWrite, {}, ReductionOp::Add).ResultUsed =
      true;
  auto F = analyze(T);
  ASSERT_EQ(F.size(), 1u);
  EXPECT_EQ(F[0].Kind, RaceKind::Counter);
}

TEST(SharedBufferAnalysis, IndirectUpdateIsAMayAccumulation) {
  TestRegion T;
  T.workItem("i", c(0), c(99));
  SymbolId K = T.symbol("key[i]", SymbolKind::Opaque);
  unsigned H = T.buffer("hist");
  T.access(H, AccessKind::ReadModifyWrite, {s(K)}, ReductionOp::Add);
  auto F = analyze(T);
  ASSERT_EQ(F.size(), 1u);
  EXPECT_EQ(F[0].Kind, RaceKind::Accumulation);
  EXPECT_TRUE(F[0].May);
}

TEST(SharedBufferAnalysis, IndirectPlainWriteIsSilent) {
  TestRegion T;
  T.workItem("i", c(0), c(99));
  SymbolId K = T.symbol("perm[i]", SymbolKind::Opaque);
  unsigned Out = T.buffer("out");
  T.access(Out, AccessKind::Write, {s(K)});
  EXPECT_TRUE(analyze(T).empty());
}

TEST(SharedBufferAnalysis, NeighbourReadIsLoopCarried) {
  TestRegion T;
  SymbolId I = T.workItem("i", c(0), c(99));
  unsigned A = T.buffer("a");
  T.access(A, AccessKind::Write, {s(I)});
  T.access(A, AccessKind::Read, {add(s(I), c(1))});
  auto F = analyze(T);
  ASSERT_EQ(F.size(), 1u);
  EXPECT_EQ(F[0].Kind, RaceKind::LoopCarried);
}

TEST(SharedBufferAnalysis, OutputOnlyWrittenIsACollisionNotScratch) {
  TestRegion T(RegionKind::Replicated);
  T.R.Construct = "omp parallel";
  unsigned A = T.buffer("nthreads", BufferKind::Scalar);
  T.access(A, AccessKind::Write, {});
  auto F = analyze(T);
  ASSERT_EQ(F.size(), 1u);
  EXPECT_EQ(F[0].Kind, RaceKind::Collision);
}

TEST(SharedBufferAnalysis, SectionThatReadsFirstIsNotScratch) {
  auto Kind = [](bool SecondReadsFirst) {
    TestRegion T(RegionKind::Sections);
    T.R.Construct = "omp sections";
    unsigned A = T.buffer("tmp", BufferKind::Scalar);
    T.access(A, AccessKind::Write, {});
    T.access(A, AccessKind::Read, {});
    Access &X = T.access(
        A, SecondReadsFirst ? AccessKind::Read : AccessKind::Write, {});
    X.Section = 1;
    Access &Y = T.access(
        A, SecondReadsFirst ? AccessKind::Write : AccessKind::Read, {});
    Y.Section = 1;
    auto F = analyze(T);
    return F.size() == 1 ? F[0].Kind : RaceKind::Counter;
  };
  // Each section writes before it reads: a copy per section is exact.
  EXPECT_EQ(Kind(false), RaceKind::Scratch);
  // The second section takes the value the first left.
  EXPECT_NE(Kind(true), RaceKind::Scratch);
}

TEST(SharedBufferAnalysis, ConditionalScratchNeedsEveryReadOnItsPath) {
  auto Kind = [](bool ReadInBranch) {
    TestRegion T;
    T.workItem("i", c(0), c(99));
    unsigned A = T.buffer("tmp", BufferKind::Scalar);
    Access &W = T.access(A, AccessKind::Write, {});
    W.Conditional = true;
    W.Branch = {1};
    Access &R = T.access(A, AccessKind::Read, {});
    if (ReadInBranch) {
      R.Conditional = true;
      R.Branch = {1};
    }
    auto F = analyze(T);
    return F.size() == 1 ? F[0].Kind : RaceKind::Counter;
  };
  // `if (c) { tmp = f(); g(tmp); }`: every read follows its own write.
  EXPECT_EQ(Kind(true), RaceKind::Scratch);
  // `if (c) tmp = f(); g(tmp);`: a work item that skips the write reads
  // another's value.
  EXPECT_NE(Kind(false), RaceKind::Scratch);
}
