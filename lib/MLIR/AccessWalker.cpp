//===- AccessWalker.cpp - The accesses of a work item ---------------------===//
//
// Part of privateer. What a work item runs, in order: every memref or Flang
// load, store and `omp.atomic` access becomes an Access with its guard,
// branches and loops (SyncTracker says where it sits).
//
//===----------------------------------------------------------------------===//

#include "AccessWalker.h"
#include "FlangOps.h"
#include "OpSemantics.h"
#include "RegionContext.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace privateer {
namespace mlirfe {

void AccessWalker::walkRegions(Operation *Op) {
  for (Region &Rg : Op->getRegions())
    for (Block &B : Rg)
      for (Operation &X : B)
        walk(&X);
}

void AccessWalker::walk(Operation *Op) {
  if (Ctx.Sync.visitNested(Op))
    return;
  if (Ctx.Follower.inlineCall(Op)) {
    State.R.MakesCalls = true;
    return;
  }
  // The distributed loop nest's variables are the work items' already.
  if (Op != State.Nest)
    Ctx.Exprs.registerInnerLoops(Op);
  visit(Op);
  walkRegions(Op);
}

namespace {
/// Zero indices: the element an `omp.atomic` operand points to.
std::vector<ExprRef> firstElementOf(Value MemRef) {
  std::vector<ExprRef> Index;
  if (auto Type = dyn_cast<MemRefType>(MemRef.getType()))
    Index.assign(Type.getRank(), Expr::constant(0));
  return Index;
}
} // namespace

std::vector<ExprRef> AccessWalker::indicesOf(ValueRange Vs) {
  std::vector<ExprRef> Index;
  for (Value V : Vs)
    Index.push_back(Ctx.Exprs.expr(V));
  return Index;
}

std::vector<ExprRef> AccessWalker::affineIndicesOf(AffineMap M,
                                                   ValueRange Operands) {
  std::vector<ExprRef> Index;
  ValueRange Dims = Operands.take_front(M.getNumDims());
  ValueRange Syms = Operands.drop_front(M.getNumDims());
  for (AffineExpr E : M.getResults()) {
    ExprRef X = Ctx.Exprs.affineExpr(E, Dims, Syms, 0);
    if (!X) {
      Symbol S;
      S.Name = "?";
      S.Kind = SymbolKind::Opaque;
      X = Expr::symbol(State.R.addSymbol(std::move(S)));
    }
    Index.push_back(X);
  }
  return Index;
}

void AccessWalker::visit(Operation *Op) {
  if (visitMemRef(Op) || visitFlang(Op))
    return;
  visitAtomicOrCall(Op);
}

bool AccessWalker::visitMemRef(Operation *Op) {
  if (auto Load = dyn_cast<memref::LoadOp>(Op)) {
    if (!State.FoldedLoads.count(Op))
      record(Op, Load.getMemRef(), indicesOf(Load.getIndices()),
             AccessKind::Read, ReductionOp::None, Guard::None);
  } else if (auto Store = dyn_cast<memref::StoreOp>(Op)) {
    auto It = State.Updates.find(Op);
    if (It != State.Updates.end())
      record(Op, Store.getMemRef(), indicesOf(Store.getIndices()),
             AccessKind::ReadModifyWrite, It->second, Guard::None);
    else {
      size_t Before = State.R.Accesses.size();
      record(Op, Store.getMemRef(), indicesOf(Store.getIndices()),
             AccessKind::Write, ReductionOp::None, Guard::None);
      noteStoredValue(Before, Store.getValueToStore());
    }
  } else if (auto Load = dyn_cast<affine::AffineLoadOp>(Op)) {
    record(Op, Load.getMemRef(),
           affineIndicesOf(Load.getAffineMap(), Load.getMapOperands()),
           AccessKind::Read, ReductionOp::None, Guard::None);
  } else if (auto Store = dyn_cast<affine::AffineStoreOp>(Op)) {
    record(Op, Store.getMemRef(),
           affineIndicesOf(Store.getAffineMap(), Store.getMapOperands()),
           AccessKind::Write, ReductionOp::None, Guard::None);
  } else {
    return false;
  }
  return true;
}

bool AccessWalker::visitFlang(Operation *Op) {
  if (auto Ref = flang::loadedRef(Op)) {
    // Reading the descriptor of an allocatable or pointer the construct
    // never changes reads no data; its accesses go through it.
    if (!State.FoldedLoads.count(Op) &&
        !Ctx.Assembler.describedMemory(Op->getResult(0)))
      addFlangAccess(Op, *Ref, AccessKind::Read, ReductionOp::None);
  } else if (auto Stored = flang::storedValue(Op)) {
    // The variable of a nested simd loop is each thread's own (as the C
    // front end has it): Flang's copy-out of its last value is not a write
    // the threads share.
    if (Ctx.Sync.simdCounterCopyOut(Op, Stored->second))
      return true;
    auto It = State.Updates.find(Op);
    if (It != State.Updates.end())
      addFlangAccess(Op, Stored->second, AccessKind::ReadModifyWrite,
                     It->second);
    else {
      size_t Before = State.R.Accesses.size();
      addFlangAccess(Op, Stored->second, AccessKind::Write, ReductionOp::None);
      noteStoredValue(Before, Stored->first);
    }
    // `b = a` on arrays reads the right-hand side's memory.
    if (flang::isReference(Stored->first.getType()))
      addFlangAccess(Op, Stored->first, AccessKind::Read, ReductionOp::None);
  } else {
    return false;
  }
  return true;
}

void AccessWalker::visitAtomicOrCall(Operation *Op) {
  if (auto Update = dyn_cast<omp::AtomicUpdateOp>(Op)) {
    record(Op, Update.getX(), firstElementOf(Update.getX()),
           AccessKind::ReadModifyWrite, ReductionOp::Other, Guard::Atomic);
  } else if (auto Read = dyn_cast<omp::AtomicReadOp>(Op)) {
    record(Op, Read.getX(), firstElementOf(Read.getX()), AccessKind::Read,
           ReductionOp::None, Guard::Atomic);
    record(Op, Read.getV(), firstElementOf(Read.getV()), AccessKind::Write,
           ReductionOp::None, Guard::None);
  } else if (auto Write = dyn_cast<omp::AtomicWriteOp>(Op)) {
    record(Op, Write.getX(), firstElementOf(Write.getX()), AccessKind::Write,
           ReductionOp::None, Guard::Atomic);
  } else if (isa<CallOpInterface>(Op) && flang::isFortran(Op)) {
    addOpaqueCallReads(Op);
  }
}

Access *AccessWalker::record(Operation *Op, Value MemRef,
                             std::vector<ExprRef> Index, AccessKind Kind,
                             ReductionOp RedOp, Guard Protection,
                             bool WholeBuffer,
                             std::vector<std::string> Fields) {
  std::optional<unsigned> BI = Ctx.Assembler.bufferFor(MemRef);
  if (!BI)
    return nullptr;

  Fields.resize(Index.size());
  // A Flang variable is an array when it is subscripted or assigned whole
  // (a component is no subscript).
  bool Subscripted =
      llvm::any_of(Fields, [](const std::string &F) { return F.empty(); });
  if (!isa<MemRefType>(MemRef.getType()) && (Subscripted || WholeBuffer))
    State.R.Buffers[*BI].Kind = BufferKind::Array;
  Access A;
  A.WholeBuffer = WholeBuffer;
  A.BufferIndex = *BI;
  A.Kind = Kind;
  A.Op = RedOp;
  A.Protection = Protection;
  // Byte strides of a row-major memref with the identity layout.
  if (auto Type = dyn_cast<MemRefType>(MemRef.getType());
      Type && Type.getLayout().isIdentity()) {
    uint64_t Stride = State.R.Buffers[*BI].ElementSize;
    A.Strides.assign(Index.size(), 0);
    for (int64_t D = int64_t(Index.size()) - 1; D >= 0; --D) {
      A.Strides[D] = Stride;
      // A dynamic size, or a product past 64 bits: no byte stride.
      bool Overflowed = false;
      if (!Type.isDynamicDim(D))
        Stride = llvm::SaturatingMultiply(Stride, uint64_t(Type.getDimSize(D)),
                                          &Overflowed);
      if (Type.isDynamicDim(D) || Overflowed)
        Stride = 0;
    }
  }
  // A Flang vector: consecutive subscripts are consecutive elements.
  if (!isa<MemRefType>(MemRef.getType()) && Index.size() == 1 &&
      Fields[0].empty())
    A.Strides.assign(1, State.R.Buffers[*BI].ElementSize);
  A.Index = std::move(Index);
  A.Fields = std::move(Fields);
  if (A.Strides.size() != A.Index.size())
    A.Strides.assign(A.Index.size(), 0);
  placeAccess(A, Op);
  A.Spelling = State.R.Buffers[*BI].Name;
  if (!A.Index.empty()) {
    A.Spelling += "[";
    for (size_t K = 0; K < A.Index.size(); ++K)
      A.Spelling += (K ? ", " : "") + State.R.print(*A.Index[K]);
    A.Spelling += "]";
  }
  State.R.Accesses.push_back(std::move(A));
  State.AccessOps.push_back(State.Calls.empty() ? Op : nullptr);
  return &State.R.Accesses.back();
}

void AccessWalker::placeAccess(Access &A, Operation *Op) {
  // Where the access sits inside the work item: loops around it, the
  // branches it is in, guards of the `omp` dialect (see contextOf).
  AccessContext C = Ctx.Sync.contextOf(Op);
  A.LoopDepth = C.LoopDepth;
  A.Conditional = C.Conditional;
  A.Branch = std::move(C.Branch);
  A.Conditions = std::move(C.Conditions);
  if (A.Protection == Guard::None)
    A.Protection = C.Protection;
  if (A.Protection == Guard::Critical)
    A.Criticals = std::move(C.Criticals);
  A.UnderLock = C.LockHeld;
  if (A.Protection == Guard::None && C.LockHeld)
    A.Protection = Guard::Lock;
  A.SingleWorkItem = C.SingleWorkItem;
  A.PinnedItem = C.PinnedItem;
  A.InNestedTask = C.InNestedTask;
  // Every work item that runs reaches it: no branch, loop or nested task
  // around it, not in a called procedure (whose paths are not walked).
  A.OnEveryPath = !C.Conditional && A.Branch.empty() && C.LoopDepth == 0 &&
                  !C.InNestedTask && !C.SingleWorkItem && State.Calls.empty();
  A.Section = C.Section;
  A.Order = State.Order++;
  A.Phase = State.Phase;
  // Reached through calls: the access is the outermost call's, in the
  // function that makes it.
  Operation *Place = State.Calls.empty() ? Op : State.Calls.front().Call;
  A.Where = State.Locs.add(Place->getLoc(), Place);
  if (!C.Doubt.empty())
    State.Locs.doubt(A.Where, C.Doubt);
  if (!State.Calls.empty()) {
    std::string Via;
    if (auto Name = State.Calls.back().Callee->getAttrOfType<mlir::StringAttr>(
            mlir::SymbolTable::getSymbolAttrName()))
      Via = flang::procedureName(Name.getValue());
    A.Via = Via;
  }
}

void AccessWalker::addFlangAccess(Operation *Op, Value Ref, AccessKind Kind,
                                  ReductionOp RedOp) {
  Operation *D = Ref.getDefiningOp();
  if (!D || D->getName().getStringRef() != "hlfir.designate") {
    // A whole variable: `s`, or an array assigned whole (`v = 0`).
    record(Op, Ref, {}, Kind, RedOp, Guard::None,
           flang::isArrayReference(Ref.getType()));
    return;
  }
  Value Base;
  llvm::SmallVector<flang::DesignatorPart> Parts;
  if (!flang::designatorOf(Ref, Base, Parts))
    return; // substrings, complex parts: not modelled
  using PK = flang::DesignatorPart::Kind;
  // `b(lo:hi)`: the elements from lo, hi - lo + 1 of them.
  APInt One;
  if (Parts.size() == 1 && Parts[0].What == PK::Triplet &&
      matchPattern(Parts[0].Step, m_ConstantInt(&One)) && One.isOne()) {
    ExprRef First = Ctx.Exprs.expr(Parts[0].Lo);
    ExprRef Length = Expr::binary(
        ExprKind::Add,
        Expr::binary(ExprKind::Sub, Ctx.Exprs.expr(Parts[0].Hi), First),
        Expr::constant(1));
    if (Access *A = record(Op, Base, {First}, Kind, RedOp, Guard::None)) {
      A->RangeLength = Length;
      A->Spelling = State.R.Buffers[A->BufferIndex].Name + "[" +
                    State.R.print(*First) + ":" +
                    State.R.print(*Ctx.Exprs.expr(Parts[0].Hi)) + "]";
    }
    return;
  }
  // What the designate names must be one element (of a section or a whole
  // array component, each of its elements).
  bool Section = llvm::any_of(Parts, [](const flang::DesignatorPart &P) {
    return P.What == PK::Triplet || P.What == PK::Extent;
  });
  if (!Section && flang::isArrayReference(Ref.getType()))
    return;
  // Subscripts are dimensions; components are dimensions indexed by their
  // position (as the C front ends model struct fields); each triplet of
  // another section, and each dimension of a whole array component, is a
  // variable over its elements.
  std::vector<ExprRef> Index;
  std::vector<std::string> Fields;
  std::string Spelling;
  if (!designatorIndex(Parts, Index, Fields, Spelling))
    return;
  if (Access *A = record(Op, Base, std::move(Index), Kind, RedOp, Guard::None,
                         false, std::move(Fields)))
    A->Spelling = State.R.Buffers[A->BufferIndex].Name + Spelling;
}

bool AccessWalker::designatorIndex(llvm::ArrayRef<flang::DesignatorPart> Parts,
                                   std::vector<ExprRef> &Index,
                                   std::vector<std::string> &Fields,
                                   std::string &Spelling) {
  using PK = flang::DesignatorPart::Kind;
  for (const flang::DesignatorPart &P : Parts) {
    if (P.What == PK::Component) {
      Index.push_back(Expr::constant(P.Position));
      Fields.push_back(P.Component);
      Spelling += "%" + P.Component;
      continue;
    }
    ExprRef I, Lo, Hi;
    if (P.What == PK::Subscript) {
      I = Ctx.Exprs.expr(P.Index);
    } else if (P.What == PK::Triplet) {
      APInt Step;
      if (!matchPattern(P.Step, m_ConstantInt(&Step)) || Step.isZero() ||
          !Step.trySExtValue())
        return false;
      Lo = Ctx.Exprs.expr(P.Lo);
      Hi = Ctx.Exprs.expr(P.Hi);
      I = Ctx.Exprs.sectionVariable(Lo, Hi, *Step.trySExtValue());
    } else {
      // From the lower bound, Extent elements.
      Lo = P.Lo ? Ctx.Exprs.expr(P.Lo) : Expr::constant(1);
      Hi = Expr::binary(
          ExprKind::Sub,
          Expr::binary(ExprKind::Add, Lo, Ctx.Exprs.expr(P.Extent)),
          Expr::constant(1));
      I = Ctx.Exprs.sectionVariable(Lo, Hi, 1);
    }
    Index.push_back(I);
    Fields.push_back("");
    std::string Printed = P.What == PK::Subscript
                              ? State.R.print(*I)
                              : State.R.print(*Lo) + ":" + State.R.print(*Hi);
    // `m[1:n, j]`: one bracket per designate's subscripts.
    if (!Spelling.empty() && Spelling.back() == ']')
      Spelling.back() = ',', Spelling += " " + Printed + "]";
    else
      Spelling += "[" + Printed + "]";
  }
  return true;
}

void AccessWalker::noteStoredValue(size_t Before, Value Stored) {
  // One plain write of a scalar variable (`done = .true.`, a rank-0
  // memref), not of an array's elements or through a reference: the value
  // it stores (privateer-same-value-store).
  if (State.R.Accesses.size() != Before + 1 ||
      !flang::isScalarValue(Stored.getType()))
    return;
  Access &A = State.R.Accesses.back();
  if (A.Kind == AccessKind::Write && A.Index.empty() && !A.WholeBuffer &&
      !A.RangeLength)
    A.StoredValue = Ctx.Exprs.expr(Stored);
}

void AccessWalker::addOpaqueCallReads(Operation *Call) {
  // A procedure whose body the file does not hold (a call the walk could not
  // follow) may read any scalar it is passed by reference: `call pbex(rho,
  // iflag, sx)` reads iflag, and iflag written before it in the iteration
  // is the iteration's scratch. Whether it also writes it is not known,
  // and no write is assumed. Flang's runtime (`_Fortran...`) and the
  // OpenMP library are not user procedures.
  llvm::StringRef Callee = calleeName(Call);
  if (Callee.empty() || (calleeFamilies(Callee) &
                         (callee::FortranRuntime | callee::OpenMPRuntime |
                          callee::LLVMIntrinsic)))
    return;
  for (Value Arg : Call->getOperands())
    if (flang::isScalarReference(Arg.getType()))
      addFlangAccess(Call, Arg, AccessKind::Read, ReductionOp::None);
}

} // namespace mlirfe
} // namespace privateer
