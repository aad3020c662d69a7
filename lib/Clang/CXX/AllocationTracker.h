//===- AllocationTracker.h - Allocations of the work item ------*- C++ -*-===//
//
// Part of privateer. The allocations a work item makes (new[], malloc and
// its kin, containers sized at construction), their sizes, and what becomes
// of them (freed, moved out of the work item, slots per thread).
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_LIB_CLANG_CXX_ALLOCATIONTRACKER_H
#define PRIVATEER_LIB_CLANG_CXX_ALLOCATIONTRACKER_H

#include "RegionState.h"

namespace privateer {
namespace clangfe {

class RegionContext;

/// What an allocation expression allocates.
struct AllocationShape {
  ExprRef Bytes;
  uint64_t Alignment = 16;
  bool LineRounded = false;
  bool Container = false;
  std::string Spelling;
  AllocatorKind Allocator = AllocatorKind::Unknown;
  /// The element count or byte size as written, when there is one.
  const clang::Expr *Count = nullptr;
  const clang::Expr *SizeExpr = nullptr;
};

/// The allocations of the work item and what becomes of them.
class AllocationTracker {
public:
  AllocationTracker(RegionContext &Ctx, RegionState &State)
      : Ctx(Ctx), State(State) {}

  std::optional<AllocationShape> allocationShape(const clang::Expr *E,
                                                 clang::QualType VarType);
  /// `new T[n]` (\p S holds the spelling).
  std::optional<AllocationShape> newArrayShape(const clang::CXXNewExpr *New,
                                               AllocationShape S);
  /// std::vector<T> v(n), std::string s(n, c), ... of type \p VarType.
  std::optional<AllocationShape>
  containerShape(const clang::CXXConstructExpr *Construct,
                 clang::QualType VarType, AllocationShape S);
  /// malloc, calloc, realloc, aligned_alloc, _mm_malloc, make_unique<T[]>.
  std::optional<AllocationShape> allocatorCallShape(const clang::CallExpr *Call,
                                                    AllocationShape S);
  void noteAllocation(const clang::VarDecl *V, const clang::Expr *Init);
  void noteFree(const clang::Expr *E);
  /// The allocation held by \p E leaves the work item (moved, swapped).
  void noteEscape(const clang::Expr *E);
  void noteSlotAllocations();
  void noteExtent(Buffer &B, const clang::VarDecl *V, unsigned Level);

private:
  RegionContext &Ctx;
  RegionState &State;
};

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_LIB_CLANG_CXX_ALLOCATIONTRACKER_H
