//===- TargetResolver.h - Where lvalues and pointers land ------*- C++ -*-===//
//
// Part of privateer. Where lvalues and pointer values land (Target): the
// buffer and index of variables, subscripts, members, container elements and
// pointers, following where pointers come from (provenance) and which
// allocations are fresh.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_LIB_CLANG_CXX_TARGETRESOLVER_H
#define PRIVATEER_LIB_CLANG_CXX_TARGETRESOLVER_H

#include "RegionState.h"

namespace privateer {
namespace clangfe {

class RegionContext;

/// Where lvalues and pointer values land (Target).
class TargetResolver {
public:
  TargetResolver(RegionContext &Ctx, RegionState &State)
      : Ctx(Ctx), State(State) {}

  std::optional<Target> resolveLValue(const clang::Expr *E);
  std::optional<Target> resolveVariable(const clang::DeclRefExpr *DRE);
  std::optional<Target> resolveSubscript(const clang::ArraySubscriptExpr *AS);
  std::optional<Target> resolveMember(const clang::MemberExpr *ME);
  /// `*it` of an iterator over a buffer, `v[i]`, C++23's `m[i, j]`.
  std::optional<Target>
  resolveOperatorCall(const clang::CXXOperatorCallExpr *OC);
  /// `v.at(i)`, `v.front()`, `v.back()`.
  std::optional<Target>
  resolveElementAccessor(const clang::CXXMemberCallExpr *MC);
  std::optional<Target> resolvePointer(const clang::Expr *E);
  std::optional<Target> resolvePointerCast(const clang::CastExpr *CE);
  /// A pointer read from a variable or from memory (`rows[i]`, `s.data`).
  std::optional<Target> resolveLoadedPointer(const clang::CastExpr *CE);
  /// `p + k`, `k + p`, `p - k`.
  std::optional<Target>
  resolvePointerArithmetic(const clang::BinaryOperator *BO);
  /// `v.data()`, `u.get()`, `v.begin()`: the container's first element.
  std::optional<Target> resolveDataPointer(const clang::CXXMemberCallExpr *MC);
  /// What the std::reference_wrapper \p Wrapper refers to, where a
  /// variable made by std::ref(x) that the function never changes holds it.
  std::optional<Target> resolveWrapped(const clang::Expr *Wrapper);
  std::optional<Target> provenance(const clang::VarDecl *V);
  /// Whether \p ME, a pointer member of a struct local to the work item
  /// (`d.vals`), holds only blocks the work item allocates: every value
  /// the work item gives it is fresh, and nothing else can reach it.
  bool memberHoldsFreshAllocation(const clang::MemberExpr *ME);
  /// The value local pointer \p V holds when the construct starts, where
  /// straight-line statements of the construct's block set it (the last of
  /// its initializer and plain assignments); null when other code could.
  const clang::Expr *valueAtConstruct(const clang::VarDecl *V);
  std::optional<Target> pointerVariable(const clang::VarDecl *V);
  bool isFreshAllocation(const clang::Expr *E) const;
  uint64_t pointeeSize(const clang::ValueDecl *V) const;

private:
  RegionContext &Ctx;
  RegionState &State;
};

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_LIB_CLANG_CXX_TARGETRESOLVER_H
