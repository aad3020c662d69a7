//===- StmtWalkTest.cpp - Tests of the statement walks --------------------===//
//
// Part of privateer. walkStmts visits parents before children in source
// order, skips what the callback skips, stops where it interrupts, and
// enters an OpenMP construct's captured body only when asked to.
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/CXX/StmtWalk.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

#include <memory>
#include <string>
#include <vector>

using namespace clang;
using namespace privateer::clangfe;

namespace {

/// The body of the function \p Name in \p Unit.
const Stmt *bodyOf(ASTUnit &Unit, llvm::StringRef Name) {
  for (const Decl *D : Unit.getASTContext().getTranslationUnitDecl()->decls())
    if (const auto *FD = dyn_cast<FunctionDecl>(D);
        FD && FD->getName() == Name && FD->hasBody())
      return FD->getBody();
  return nullptr;
}

/// The names the walk meets, in order.
std::vector<std::string> namesMet(const Stmt *S, CapturedChildren Mode,
                                  llvm::StringRef StopAt = "") {
  std::vector<std::string> Names;
  walkStmts(
      S,
      [&](const Stmt *X) {
        const auto *DRE = dyn_cast<DeclRefExpr>(X);
        if (!DRE)
          return WalkStep::Advance;
        std::string Name = DRE->getDecl()->getNameAsString();
        Names.push_back(Name);
        return Name == StopAt ? WalkStep::Interrupt : WalkStep::Advance;
      },
      Mode);
  return Names;
}

TEST(StmtWalk, ParentsFirstInSourceOrder) {
  auto Unit =
      tooling::buildASTFromCode("int a, b, c; void f() { a = b + c; b = a; }");
  const Stmt *Body = bodyOf(*Unit, "f");
  ASSERT_NE(Body, nullptr);
  std::vector<std::string> Expected = {"a", "b", "c", "b", "a"};
  EXPECT_EQ(namesMet(Body, CapturedChildren::Body), Expected);
  // The walk is a pre-order: the first statement met is the root.
  const Stmt *First = nullptr;
  walkStmts(Body, [&](const Stmt *X) {
    First = X;
    return WalkStep::Interrupt;
  });
  EXPECT_EQ(First, Body);
}

TEST(StmtWalk, SkipLeavesOutChildrenOnly) {
  auto Unit = tooling::buildASTFromCode(
      "int a, b, c; void f() { if (a) { b = 1; } c = 2; }");
  const Stmt *Body = bodyOf(*Unit, "f");
  ASSERT_NE(Body, nullptr);
  std::vector<std::string> Names;
  walkStmts(Body, [&](const Stmt *X) {
    if (isa<CompoundStmt>(X) && X != Body)
      return WalkStep::Skip; // the if's block
    if (const auto *DRE = dyn_cast<DeclRefExpr>(X))
      Names.push_back(DRE->getDecl()->getNameAsString());
    return WalkStep::Advance;
  });
  std::vector<std::string> Expected = {"a", "c"};
  EXPECT_EQ(Names, Expected);
}

TEST(StmtWalk, InterruptStopsAndIsReported) {
  auto Unit = tooling::buildASTFromCode(
      "int a, b, c; void f() { a = 1; b = 2; c = 3; }");
  const Stmt *Body = bodyOf(*Unit, "f");
  ASSERT_NE(Body, nullptr);
  std::vector<std::string> Expected = {"a", "b"};
  EXPECT_EQ(namesMet(Body, CapturedChildren::Body, "b"), Expected);
  EXPECT_TRUE(walkStmts(Body, [](const Stmt *X) {
    return isa<IntegerLiteral>(X) ? WalkStep::Interrupt : WalkStep::Advance;
  }));
  EXPECT_FALSE(walkStmts(Body, [](const Stmt *) { return WalkStep::Advance; }));
  EXPECT_FALSE(
      walkStmts(nullptr, [](const Stmt *) { return WalkStep::Interrupt; }));
}

TEST(StmtWalk, CapturedBodiesOnlyWhenAsked) {
  auto Unit = tooling::buildASTFromCodeWithArgs(
      "int a, b; void f() {\n#pragma omp parallel\n{ b = a; }\n}",
      {"-fopenmp"});
  const Stmt *Body = bodyOf(*Unit, "f");
  ASSERT_NE(Body, nullptr);
  std::vector<std::string> Inside = namesMet(Body, CapturedChildren::Body);
  EXPECT_EQ(Inside, (std::vector<std::string>{"b", "a"}));
  // Through Stmt::children(), a captured statement shows its captures'
  // initializers, never the body's statements.
  std::vector<std::string> Captures =
      namesMet(Body, CapturedChildren::Captures);
  EXPECT_NE(Captures, Inside);
  unsigned Assignments = 0;
  forEachStmt(
      Body, [&](const Stmt *X) { Assignments += isa<BinaryOperator>(X); },
      CapturedChildren::Captures);
  EXPECT_EQ(Assignments, 0u);
}

} // namespace
