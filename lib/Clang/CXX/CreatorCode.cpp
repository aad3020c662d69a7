//===- CreatorCode.cpp - The code that created a task, as a region --------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/CXX/CreatorCode.h"

#include "privateer/Clang/CXX/RegionBuilder.h"
#include "privateer/Clang/SourceLoc.h"

#include "clang/AST/Stmt.h"

using namespace clang;

namespace privateer {
namespace clangfe {

std::shared_ptr<const ParallelRegion>
modelCreatorCode(ASTContext &Ctx, UnitShape Shape,
                 ConstructSemantics &Semantics, ParallelRegion Seed,
                 llvm::ArrayRef<Stmt *> After) {
  if (After.empty())
    return nullptr;
  // The statements as one body (a node of the ASTContext that no parent
  // holds), each numbered as a section so that a fix knows where to wait.
  Shape.Kind = RegionKind::Tasks;
  Shape.Body = CompoundStmt::Create(Ctx, After, FPOptionsOverride(),
                                    After.front()->getBeginLoc(),
                                    After.back()->getEndLoc());
  Shape.Sections.assign(After.begin(), After.end());
  RegionBuilder Builder(Ctx, Shape, Semantics);
  auto Region = Builder.build(std::move(Seed));
  if (!Region)
    return nullptr;
  for (const Stmt *S : After) {
    SourceLocation B = S->getBeginLoc();
    bool Insertable = B.isFileID() && !isa<SwitchCase>(S) &&
                      !isa<LabelStmt>(S) && !isa<NullStmt>(S);
    Region->StatementStarts.push_back(Insertable ? toLoc(B) : Loc());
  }
  return std::make_shared<ParallelRegion>(std::move(*Region));
}

} // namespace clangfe
} // namespace privateer
