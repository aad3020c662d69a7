//===- CallFollower.h - Calls in the access walk ---------------*- C++ -*-===//
//
// Part of privateer. Calls in the access walk: library routines with known
// effects, member calls of containers and locks, and calls into the unit's
// own functions, followed with their parameters bound to the caller's
// arguments and buffers.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_LIB_CLANG_CXX_CALLFOLLOWER_H
#define PRIVATEER_LIB_CLANG_CXX_CALLFOLLOWER_H

#include "RegionState.h"

namespace privateer {
namespace clangfe {

class RegionContext;

/// The calls the access walk meets, followed or known.
class CallFollower {
public:
  CallFollower(RegionContext &Ctx, RegionState &State)
      : Ctx(Ctx), State(State) {}

  bool visitCall(const clang::CallExpr *Call, bool ValueUsed);
  /// The read an argument `&v` of a call into code the analysis cannot
  /// see may make.
  void noteOpaqueCallRead(const clang::Expr *Arg);
  /// A call of \p FD that is not followed: a function of the program whose
  /// body the unit does not have (ParallelRegion::UnseenCallees).
  void noteUnseen(const clang::FunctionDecl *FD);
  /// A call through a function pointer or a std::function
  /// (ParallelRegion::IndirectCalls).
  void noteIndirect(const clang::Expr *Callee);
  bool visitKnownLibraryCall(const clang::CallExpr *Call);
  /// A call of the program's own method whose body the unit has, on an
  /// object the walk can place (or `this`): the body is followed with its
  /// members resolved in that object. False when \p Call is not one.
  bool followMethod(const clang::CXXMemberCallExpr *Call);
  void visitMemberCall(const clang::CXXMemberCallExpr *Call);
  /// Follows \p Call into \p FD with its parameters bound to the call's
  /// arguments from \p FirstArg on (1 for an operator call whose first
  /// argument is the object).
  /// \p ReportAtCall: its accesses are reported at the call (the unit's
  /// code), not in the callee.
  void inlineCall(const clang::CallExpr *Call, const clang::FunctionDecl *FD,
                  unsigned FirstArg = 0, bool ReportAtCall = true);
  /// `visit(i)` of a lambda whose body the unit sees (a local closure, or
  /// one handed to a template that wraps the construct): its body is part
  /// of the work item. Its captures by reference are the caller's
  /// variables; its captures by copy are the closure's own (not recorded;
  /// what a copied pointer points to is shared as the original's). False
  /// when \p OC calls no such lambda.
  bool followLambdaCall(const clang::CXXOperatorCallExpr *OC);

  /// Whether method \p MD (defined by \p Def) is a const accessor that
  /// reads only members of its own object (no call, global or pointer).
  static bool readsOnlyItsObject(const clang::CXXMethodDecl *MD,
                                 const clang::FunctionDecl *Def);
  /// Whether \p Loc lies in the code of a work item: the unit's body, its
  /// sections, or a function being followed.
  bool madeInWorkItem(clang::SourceLocation Loc) const;
  /// The pointer a helper of the unit returns (`return base + i*stride;`,
  /// its body that one statement), with the call's arguments for its
  /// parameters.
  std::optional<Target> resolveReturnedPointer(const clang::CallExpr *Call);
  /// The pointer parameter of the function being inlined that \p BO
  /// assigns in its straight-line code (`dst = dst + offset;`): from there
  /// on it points where the right-hand side does.
  const clang::VarDecl *reboundPointerParam(const clang::BinaryOperator *BO);
  /// `p++`, `--p` of a pointer parameter of the function being inlined
  /// (faiss's heaps: `bh_val--;` for 1-based indices): from there on it
  /// points one element further (or back); stepped in a branch or a loop,
  /// it points nowhere known.
  void stepPointerParam(const clang::UnaryOperator *UO);
  /// Records an access of the elements [Pointer, Pointer + Length); Length
  /// counts bytes for the mem* routines, elements for std:: algorithms.
  void recordRange(const clang::Expr *Pointer, const clang::Expr *Length,
                   AccessKind Kind, const clang::Expr *Where,
                   bool LengthInBytes);
  /// Whether \p Pointer, a parameter of an inlined call, is null, where
  /// the caller's argument says.
  std::optional<bool> knownNull(const clang::Expr *Pointer) const;

private:
  RegionContext &Ctx;
  RegionState &State;
};

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_LIB_CLANG_CXX_CALLFOLLOWER_H
