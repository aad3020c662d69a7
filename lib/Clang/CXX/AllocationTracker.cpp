//===- AllocationTracker.cpp - Heap allocations of a work item ------------===//
//
// Part of privateer. Recognizes the heap allocations a work item makes
// (malloc, calloc, realloc, aligned_alloc, new[], std::vector(n),
// std::make_unique<T[]>(n)), their size in bytes and guaranteed alignment,
// whether the work item frees them, per-thread blocks stored in one slot per
// thread before the construct, and arrays sized by omp_get_max_threads().
//
//===----------------------------------------------------------------------===//

#include "RegionContext.h"
#include "TypeValues.h"
#include "privateer/Clang/CXX/RegionBuilder.h"
#include "privateer/Clang/CXX/StmtWalk.h"

#include "privateer/Clang/CXX/KnownFunctions.h"
#include "privateer/Clang/CXX/KnownTypes.h"
#include "privateer/Clang/SourceLoc.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace privateer {
namespace clangfe {

namespace {

/// The element type of std::vector<T>, std::unique_ptr<T[]>, ...
QualType firstTemplateArgument(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(RD);
  if (!Spec || Spec->getTemplateArgs().size() == 0 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return QualType();
  return Spec->getTemplateArgs()[0].getAsType();
}

/// The default alignment of operator new and malloc on this target.
constexpr uint64_t MallocAlignment = 16;

} // namespace

std::optional<AllocationShape>
AllocationTracker::allocationShape(const Expr *E, QualType VarType) {
  if (!E)
    return std::nullopt;
  // Through cleanups, temporaries and conversions (`(double *)malloc(n)`).
  E = E->IgnoreImplicit()->IgnoreParenCasts()->IgnoreImplicit();
  AllocationShape S;
  S.Spelling = Ctx.Exprs.spell(E);

  if (const auto *New = dyn_cast<CXXNewExpr>(E))
    return newArrayShape(New, std::move(S));
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E);
      Construct && Construct->getNumArgs() == 1 &&
      Construct->getConstructor()->isCopyOrMoveConstructor())
    // `auto t = std::make_unique<double[]>(m);` moves a temporary.
    return allocationShape(Construct->getArg(0)->IgnoreImplicit(), VarType);
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E))
    return containerShape(Construct, VarType, std::move(S));
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return allocatorCallShape(Call, std::move(S));
  return std::nullopt;
}

std::optional<AllocationShape>
AllocationTracker::newArrayShape(const CXXNewExpr *New, AllocationShape S) {
  if (!New->isArray() || !New->getArraySize() || New->getNumPlacementArgs())
    return std::nullopt;
  QualType T = New->getAllocatedType();
  uint64_t Size = sizeOf(State.AST, T);
  if (!Size)
    return std::nullopt;
  S.Count = *New->getArraySize();
  S.Allocator = AllocatorKind::NewArray;
  S.Bytes =
      SymExpr::binary(ExprKind::Mul, Ctx.Exprs.translate(*New->getArraySize()),
                      SymExpr::constant(Size));
  S.Alignment = std::max<uint64_t>(
      MallocAlignment, State.AST.getTypeAlignInChars(T).getQuantity());
  return S;
}

std::optional<AllocationShape>
AllocationTracker::containerShape(const CXXConstructExpr *Construct,
                                  QualType VarType, AllocationShape S) {
  // std::vector<T> v(n), std::vector<T> v(n, x), std::string s(n, c).
  QualType Elem = firstTemplateArgument(VarType);
  const auto *RD = VarType->getAsCXXRecordDecl();
  if (Elem.isNull() || !RD || !RD->isInStdNamespace() ||
      Construct->getNumArgs() == 0 ||
      !Construct->getArg(0)->getType()->isIntegerType())
    return std::nullopt;
  StringRef Name = RD->getName();
  if (!(typeFamilies(Name) & typefamily::SizedContainer))
    return std::nullopt;
  uint64_t Size = sizeOf(State.AST, Elem);
  if (!Size)
    return std::nullopt;
  // Nothing is allocated for an empty container, nor for a string short
  // enough to live inside the object (libstdc++ and libc++ keep 15 and
  // 22 characters in place).
  Expr::EvalResult Count;
  if (Construct->getArg(0)->EvaluateAsInt(Count, State.AST) &&
      (Count.Val.getInt() == 0 || (knownType(Name) == KnownType::BasicString &&
                                   Count.Val.getInt().getExtValue() <= 15)))
    return std::nullopt;
  S.Count = Construct->getArg(0);
  S.Bytes =
      SymExpr::binary(ExprKind::Mul, Ctx.Exprs.translate(Construct->getArg(0)),
                      SymExpr::constant(Size));
  S.Alignment = std::max<uint64_t>(
      MallocAlignment, State.AST.getTypeAlignInChars(Elem).getQuantity());
  S.Container = true;
  S.Allocator = AllocatorKind::Container;
  return S;
}

std::optional<AllocationShape>
AllocationTracker::allocatorCallShape(const CallExpr *Call, AllocationShape S) {
  KnownName N = knownName(calleeName(Call));
  unsigned Args = Call->getNumArgs();
  auto Arg = [&](unsigned K) { return Call->getArg(K); };
  auto Constant = [&](const Expr *X) -> uint64_t {
    Expr::EvalResult R;
    if (X->EvaluateAsInt(R, State.AST) && R.Val.getInt().isStrictlyPositive())
      return R.Val.getInt().getZExtValue();
    return 0;
  };
  auto Mul = [](ExprRef A, ExprRef B) {
    return SymExpr::binary(ExprKind::Mul, A, B);
  };
  S.Alignment = MallocAlignment;
  if (N == KnownName::Malloc && Args == 1) {
    S.Allocator = AllocatorKind::Malloc;
    S.Bytes = Ctx.Exprs.translate(Arg(0));
  } else if (N == KnownName::Calloc && Args == 2) {
    S.Allocator = AllocatorKind::Calloc;
    S.Bytes = Mul(Ctx.Exprs.translate(Arg(0)), Ctx.Exprs.translate(Arg(1)));
  } else if (N == KnownName::Realloc && Args == 2) {
    S.Allocator = AllocatorKind::Realloc;
    S.Bytes = Ctx.Exprs.translate(Arg(1));
  } else if ((N == KnownName::AlignedAlloc || N == KnownName::Memalign) &&
             Args == 2) {
    S.Allocator = AllocatorKind::AlignedAlloc;
    S.Bytes = Ctx.Exprs.translate(Arg(1));
    S.Alignment = std::max<uint64_t>(Constant(Arg(0)), 1);
  } else if (N == KnownName::MmMalloc && Args == 2) {
    S.Allocator = AllocatorKind::MmMalloc;
    S.Bytes = Ctx.Exprs.translate(Arg(0));
    S.Alignment = std::max<uint64_t>(Constant(Arg(1)), 1);
  } else if (N == KnownName::PrivateerAlignedAlloc && Args == 1) {
    S.Allocator = AllocatorKind::PrivateerAlignedAlloc;
    S.Bytes = Ctx.Exprs.translate(Arg(0));
    S.LineRounded = true;
  } else if (N == KnownName::MakeUnique && Args == 1 &&
             Call->getType()->getAsCXXRecordDecl()) {
    QualType Held = firstTemplateArgument(Call->getType());
    const ArrayType *AT =
        Held.isNull() ? nullptr : State.AST.getAsArrayType(Held);
    uint64_t Size = AT ? sizeOf(State.AST, AT->getElementType()) : 0;
    if (!Size)
      return std::nullopt;
    S.Count = Arg(0);
    S.Bytes = Mul(Ctx.Exprs.translate(Arg(0)), SymExpr::constant(Size));
    S.Allocator = AllocatorKind::MakeUnique;
    S.Container = true; // owned: freed when the variable goes away
  } else {
    return std::nullopt;
  }
  if (N != KnownName::MakeUnique)
    S.SizeExpr = Args == 2 && N != KnownName::Calloc && N != KnownName::MmMalloc
                     ? Arg(1)
                     : Arg(0);
  return S;
}

void AllocationTracker::noteAllocation(const VarDecl *V, const Expr *Init) {
  auto Shape = allocationShape(Init, V->getType());
  if (!Shape)
    return;
  Target T;
  T.Decl = V;
  T.Private = true;
  if (Shape->Container) {
    T.Scalar = false;
  } else {
    T.Level = 1;
    pushDim(T, SymExpr::constant(0), Ctx.Targets.pointeeSize(V));
  }
  auto Id = Ctx.Assembler.bufferFor(T);
  if (!Id)
    return;
  State.R.Buffers[*Id].Alignment = Shape->LineRounded ? 0 : Shape->Alignment;
  Allocation A;
  A.Where = toLoc(State.CallSite ? State.CallSite->getBeginLoc()
                                 : Init->getBeginLoc());
  A.Spelling = Shape->Spelling;
  A.End = toLoc(Init->IgnoreImplicit()->getEndLoc());
  A.Allocator = Shape->Allocator;
  if (Shape->SizeExpr)
    A.SizeSpelling = Ctx.Exprs.spell(Shape->SizeExpr);
  A.Name = V->getNameAsString();
  A.Bytes = Shape->Bytes;
  A.Alignment = Shape->Alignment;
  A.LineRounded = Shape->LineRounded;
  A.BufferIndex = *Id;
  A.Container = Shape->Container;
  // A local container is destroyed at the end of its scope, unless its
  // storage was moved out.
  A.Freed = Shape->Container && State.ItemLocals.count(V) &&
            !V->isStaticLocal() && !State.Escaped.count(V);
  A.LoopDepth = State.LoopDepth;
  A.PerThread = State.R.Kind == RegionKind::Replicated &&
                State.LoopDepth == 0 && State.CurrentGuard == Guard::None &&
                !State.InSingleItem;
  State.AllocationsOf[V].push_back(State.R.Allocations.size());
  State.R.Allocations.push_back(std::move(A));
}

namespace {
/// The variable an argument such as `p` or `(void *)p` names.
const VarDecl *namedVariable(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenCasts());
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}
} // namespace

void AllocationTracker::noteFree(const Expr *E) {
  const VarDecl *V = namedVariable(E);
  if (auto It = State.AllocationsOf.find(V);
      V && It != State.AllocationsOf.end())
    for (size_t K : It->second)
      State.R.Allocations[K].Freed = true;
}

void AllocationTracker::noteEscape(const Expr *E) {
  const VarDecl *V = namedVariable(E);
  if (!V)
    return;
  if (auto It = State.AllocationsOf.find(V); It != State.AllocationsOf.end())
    for (size_t K : It->second)
      State.R.Allocations[K].Freed = false;
  State.Escaped.insert(V);
}

void AllocationTracker::noteSlotAllocations() {
  // `ws[t] = malloc(96)` before the construct fills one slot per thread;
  // the construct uses the blocks through `ws[tid][k]`.
  if (!State.Spec.Function || !State.Spec.Function->getBody())
    return;
  // Only slots the construct picks by the thread number (`ws[tid]`) hold
  // one block per thread. Slots picked by the work item (`x[i]` in
  // iteration i, `x[k]` in the task of k) hold one block per work item: a
  // static schedule gives neighbouring blocks to one thread but at its
  // chunk's ends, and nothing says which thread writes which block.
  auto PickedByThread = [&](unsigned Id) {
    for (const Access &A : State.R.Accesses)
      if (A.BufferIndex == Id && !A.Index.empty() &&
          A.Index[0]->mentions([&](SymbolId S) {
            return State.R.symbol(S).Kind == SymbolKind::ThreadId;
          }))
        return true;
    return false;
  };
  const SourceManager &SM = State.AST.getSourceManager();
  SourceLocation Construct = State.Spec.Construct->getBeginLoc();
  for (const auto &Entry : State.BufferIds) {
    const auto &Key = Entry.first;
    unsigned Id = Entry.second;
    // The blocks the slots point to: level 2 of a pointer to the slots
    // (`double **ws`), level 1 of an array of them (`double *ws[64]`).
    const auto *X = dyn_cast<VarDecl>(Key.first);
    if (!X || Key.second != (X->getType()->isArrayType() ? 1u : 2u) ||
        !PickedByThread(Id))
      continue;
    forEachStmt(State.Spec.Function->getBody(), [&](const Stmt *S) {
      if (const auto *BO = dyn_cast<BinaryOperator>(S);
          BO && BO->getOpcode() == BO_Assign &&
          SM.isBeforeInTranslationUnit(BO->getBeginLoc(), Construct)) {
        const auto *AS =
            dyn_cast<ArraySubscriptExpr>(BO->getLHS()->IgnoreParenImpCasts());
        const auto *Base =
            AS ? dyn_cast<DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts())
               : nullptr;
        if (Base && Base->getDecl() == X) {
          QualType Slot = AS->getType();
          if (auto Shape = allocationShape(BO->getRHS(), Slot)) {
            Allocation A;
            A.Where = toLoc(BO->getRHS()->getBeginLoc());
            A.Spelling = Shape->Spelling;
            A.End = toLoc(BO->getRHS()->IgnoreImplicit()->getEndLoc());
            A.Allocator = Shape->Allocator;
            if (Shape->SizeExpr)
              A.SizeSpelling = Ctx.Exprs.spell(Shape->SizeExpr);
            A.Name = X->getNameAsString() + "[...]";
            A.Bytes = Shape->Bytes;
            A.Alignment = Shape->Alignment;
            A.LineRounded = Shape->LineRounded;
            A.BufferIndex = Id;
            A.PerThread = true;
            State.R.Buffers[Id].Alignment =
                Shape->LineRounded ? 0 : Shape->Alignment;
            State.R.Allocations.push_back(std::move(A));
          }
        }
      }
    });
  }
}

void AllocationTracker::noteExtent(Buffer &B, const VarDecl *V,
                                   unsigned Level) {
  // Level 0: a container constructed with a count; level 1: a pointer
  // initialized with an allocation.
  if (!V->getInit())
    return;
  auto Shape = allocationShape(V->getInit(), V->getType());
  if (!Shape || (Level == 0) != Shape->Container)
    return;
  const Expr *Count = Shape->Count ? Shape->Count : Shape->SizeExpr;
  if (Count && Ctx.Facts.isMaxThreadsValue(Count)) {
    B.ExtentIsMaxThreads = true;
    return;
  }
  if (Shape->Bytes->kind() == ExprKind::Constant && B.ElementSize &&
      Shape->Bytes->value() > 0)
    B.Extent = uint64_t(Shape->Bytes->value()) / B.ElementSize;
}

} // namespace clangfe
} // namespace privateer
