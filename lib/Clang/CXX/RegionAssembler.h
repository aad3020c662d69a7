//===- RegionAssembler.h - The model of one unit of work -------*- C++ -*-===//
//
// Part of privateer. Assembles the model of one unit of parallel work
// (Model::Region) from the other parts of RegionContext.h: sets up what one
// work item executes and its work-item variables, walks it with AccessWalker,
// and makes one buffer per memory object it touches, with the sharing
// attribute the programming model gives it.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_LIB_CLANG_CXX_REGIONASSEMBLER_H
#define PRIVATEER_LIB_CLANG_CXX_REGIONASSEMBLER_H

#include "RegionState.h"

namespace privateer {
namespace clangfe {

class RegionContext;

/// The model of one unit of parallel work, from the other parts.
class RegionAssembler {
public:
  RegionAssembler(RegionContext &Ctx, RegionState &State)
      : Ctx(Ctx), State(State) {}
  /// Builds the model on \p Seed (RegionBuilder::build).
  std::optional<ParallelRegion> build(ParallelRegion Seed);

  bool setUpWorkItems();
  /// The work items of a loop unit: one symbol per loop of the nest.
  bool setUpLoopItems();
  /// Binds the variable of work-item loop \p S (a for or range-for loop;
  /// \p First and \p Last bound its whole range when its header bounds a
  /// chunk) and returns its body; null for a loop we cannot model.
  const clang::Stmt *bindItemLoop(const clang::Stmt *S,
                                  const clang::Expr *First,
                                  const clang::Expr *Last);
  /// Sections, or the stages of a pipeline (one item through all stages).
  bool setUpSectionItems();
  /// One work item per iteration of the loops that generate the tasks.
  bool setUpTaskItems();
  /// The work item named by UnitShape::ItemParam (no loop statement).
  bool setUpItemParameter();
  void collectDeclsIn(const clang::Stmt *S,
                      llvm::SmallPtrSetImpl<const clang::VarDecl *> &Out);
  void collectModified(const clang::Stmt *S,
                       llvm::SmallPtrSetImpl<const clang::VarDecl *> &Out);
  void collectModified(const clang::Stmt *S) {
    collectModified(S, State.Modified);
  }
  Sharing sharingOf(const clang::VarDecl *V) const;
  std::optional<unsigned> bufferFor(const Target &T);
  /// Kind and sharing of the buffer \p T points into (Level > 0).
  void describePointee(Buffer &B, const Target &T);
  /// Kind and sharing of the object \p T names itself (Level 0), of type
  /// \p Ty.
  void describeObject(Buffer &B, const Target &T, clang::QualType Ty,
                      bool NestedCopy, bool CalleeGlobal);
  /// Whether every thread of the team around a loop unit reads \p V after
  /// the construct (Buffer::ReadByTeamAfterConstruct).
  bool readByTeamAfterConstruct(const clang::VarDecl *V) const;

private:
  RegionContext &Ctx;
  RegionState &State;
};

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_LIB_CLANG_CXX_REGIONASSEMBLER_H
