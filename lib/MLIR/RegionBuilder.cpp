//===- RegionBuilder.cpp - MLIR parallel loops to privateer's model -------===//
//
// Part of privateer. One ParallelRegion per unit of parallel work (see
// Constructs.h): the unit's work items are set up here, the memory it
// reaches from outside becomes shared buffers, and every memref or Flang
// load, store (a load-op-store of one element is one read-modify-write) and
// `omp.atomic` access becomes an Access with its guard, branches and loops
// (NestedCode.cpp walks the code). Indices are translated in
// IndexTranslator.cpp.
//
//===----------------------------------------------------------------------===//

#include "privateer/MLIR/RegionBuilder.h"
#include "ColumnMajor.h"
#include "FlangOps.h"
#include "NowaitLoops.h"
#include "OpSemantics.h"
#include "RegionModeler.h"
#include "TaskOrdering.h"
#include "privateer/Analysis/Finding.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <variant>

using namespace mlir;

namespace privateer {
namespace mlirfe {

bool isParallelConstruct(Operation *Op) {
  return unitKind(Op) != UnitKind::None;
}

RegionModeler::RegionModeler(Operation *Unit, LocationTable &Locs)
    : Unit(Unit), Kind(unitKind(Unit)), Scope(Unit), Locs(Locs),
      Names(Unit->getParentWithTrait<mlir::OpTrait::IsIsolatedFromAbove>()
                ? Unit->getParentWithTrait<mlir::OpTrait::IsIsolatedFromAbove>()
                : Unit) {}

RegionModeler::RegionModeler(Operation *Task, llvm::ArrayRef<Operation *> Body,
                             LocationTable &Locs)
    : RegionModeler(Task, Locs) {
  this->Body.assign(Body.begin(), Body.end());
}

std::optional<unsigned> RegionModeler::buffer(Value MemRef) {
  // A cast keeps the indexing; any other view is a buffer of its own.
  while (auto Cast = MemRef.getDefiningOp<memref::CastOp>())
    MemRef = Cast.getSource();
  // Flang's variables: through their declarations to the memory.
  std::string FortranName;
  Operation *Declaration = nullptr;
  MemRef = rootOf(MemRef, &FortranName, &Declaration);
  bool Described = false;
  if (Value Variable = describedMemory(MemRef)) {
    Operation *Decl = nullptr;
    FortranName.clear();
    MemRef = rootOf(Variable, &FortranName, &Decl);
    Declaration = Decl;
    Described = true;
  }
  // Memory made inside the parallel scope (or a private or reduction block
  // argument of the construct) belongs to one work item or one thread; a
  // global's address may be taken anywhere.
  if (privateMemory(MemRef))
    return std::nullopt;
  // A threadprivate variable is each thread's own; the tasks a thread runs
  // use its copy one at a time (as the C front end has it).
  if (isa_and_nonnull<omp::ThreadprivateOp>(MemRef.getDefiningOp()))
    return std::nullopt;
  // A `linear` list item has a private copy per thread (Flang leaves it to
  // the translation to LLVM IR to make it); instances of a task that
  // `depend` clauses order on a variable never meet on it.
  for (auto [Item, Step] : Linear)
    if (rootOf(Item) == MemRef)
      return std::nullopt;
  if (llvm::is_contained(Ordered, MemRef))
    return std::nullopt;
  // The variable of a sequential `do` inside a SIMD loop is each lane's.
  if (DoVariables.contains(MemRef))
    return std::nullopt;
  // A dummy argument of an orphaned construct's function is what its
  // callers pass: private when every visible call inside a team passes
  // the team's own memory, and assumed shared (unproven) when no such call
  // is visible.
  ActualSharing Caller = ActualSharing::Shared;
  if (auto Arg = dyn_cast<BlockArgument>(MemRef);
      Orphaned && Arg && Arg.getOwner()->getParentOp() == Scope) {
    Caller = actualSharing(Scope, Arg.getArgNumber());
    if (Caller == ActualSharing::Private)
      return std::nullopt;
  }
  auto It = Buffers.find(MemRef);
  if (It != Buffers.end())
    return It->second;
  Buffer B;
  B.Name = FortranName.empty() ? name(MemRef) : FortranName;
  B.Handle = handleOf(MemRef);
  B.Attr = Sharing::Shared;
  auto Type = dyn_cast<MemRefType>(MemRef.getType());
  if (Type) {
    B.Kind = Type.getRank() == 0 ? BufferKind::Scalar : BufferKind::Array;
    mlir::Type Elt = Type.getElementType();
    B.FloatingPoint = isa<FloatType, ComplexType>(Elt);
    if (Elt.isIndex())
      B.ElementSize = 8;
    else if (Elt.isIntOrFloat())
      B.ElementSize = (Elt.getIntOrFloatBitWidth() + 7) / 8;
    if (Type.getRank() > 0 && !Type.isDynamicDim(0))
      B.Extent = Type.getDimSize(0);
  }
  if (!Type) {
    // A Flang variable: what its printed type says.
    flang::MemoryShape Shape = flang::shapeOf(MemRef.getType());
    B.ElementSize = Shape.ElementBytes;
    B.FloatingPoint = Shape.FloatingPoint;
    if (Shape.Extents.size() == 1 && Shape.Extents[0] >= 0)
      B.Extent = Shape.Extents[0];
    B.FirstIndex = flang::lowerBound(Declaration);
  }
  // The lanes of a simd loop inside a loop that reduces the variable share
  // their thread's copy.
  B.ReducedAround =
      R.Construction == ConstructKind::SimdLanes && isReductionArgument(MemRef);
  if (Declaration)
    B.Decl = Locs.add(Declaration->getLoc());
  else if (Operation *D = MemRef.getDefiningOp())
    B.Decl = Locs.add(D->getLoc());
  else
    B.Decl = Locs.add(cast<BlockArgument>(MemRef).getLoc());
  // A SAVE local of a called procedure has no name at the construct.
  if (Declaration && llvm::any_of(Calls, [&](const CallFrame &F) {
        return F.Callee->isAncestor(Declaration);
      }))
    B.VisibleAtConstruct = false;
  if (Caller == ActualSharing::Unknown)
    Locs.doubt(B.Decl, quote(B.Name) +
                           " is a dummy argument, and no call of the "
                           "procedure inside a parallel region is in this "
                           "file: whether its callers' threads share it is "
                           "not known");
  R.Buffers.push_back(std::move(B));
  Layouts.push_back(Described ? allocatedLayout(MemRef)
                              : layoutOf(Declaration));
  unsigned Index = R.Buffers.size() - 1;
  Buffers[MemRef] = Index;
  return Index;
}

std::optional<ArrayLayout> RegionModeler::allocatedLayout(Value Variable) {
  // The descriptor stored last before the construct: `fir.embox %mem(%shape)`
  // of an ALLOCATE, its bounds constants when the sizes were.
  auto Fn = Unit->getParentOfType<mlir::FunctionOpInterface>();
  Operation *At = Body.empty() ? Unit : Body.front();
  Operation *W = Fn ? nearestWriter(At, Variable, Fn) : nullptr;
  // A scalar assigned to the whole array (`b = 0`) keeps its shape.
  for (unsigned Steps = 0;
       W && Steps < 8 && W->getName().getStringRef() == "hlfir.assign" &&
       flang::storedValue(W)->first.getType().isIntOrFloat();
       ++Steps)
    W = nearestWriter(W, Variable, Fn);
  Operation *Box = W ? flang::storedValue(W)->first.getDefiningOp() : nullptr;
  if (!Box || Box->getName().getStringRef() != "fir.embox" ||
      Box->getNumOperands() < 2)
    return std::nullopt;
  Operation *Shape = Box->getOperand(1).getDefiningOp();
  if (!Shape)
    return std::nullopt;
  llvm::StringRef Kind = Shape->getName().getStringRef();
  bool Shifted = Kind == "fir.shape_shift";
  if (Kind != "fir.shape" && !Shifted)
    return std::nullopt;
  std::vector<int64_t> Values;
  for (Value V : Shape->getOperands()) {
    ExprRef E = expr(V);
    if (E->kind() != ExprKind::Constant)
      return std::nullopt;
    Values.push_back(E->value());
  }
  return layoutFrom(Values, Shifted);
}

Value RegionModeler::describedMemory(Value Descriptor) {
  Operation *Load = Descriptor.getDefiningOp();
  auto Ref = flang::loadedRef(Load);
  if (!Ref || !flang::isAllocatableOrPointer(Descriptor.getType()))
    return nullptr;
  Value Variable = rootOf(*Ref);
  if (privateMemory(Variable))
    return nullptr;
  bool OnlyLoaded = true;
  Scope->walk([&](Operation *Op) {
    if (!flang::loadedRef(Op))
      for (Value Operand : Op->getOperands())
        OnlyLoaded &= rootOf(Operand) != Variable;
  });
  // The reference (not its root): its declaration names the variable.
  return OnlyLoaded ? *Ref : nullptr;
}

Access *RegionModeler::addAccess(Operation *Op, Value MemRef,
                                 std::vector<ExprRef> Index, AccessKind Kind,
                                 ReductionOp RedOp, Guard Protection,
                                 bool WholeBuffer,
                                 std::vector<std::string> Fields) {
  std::optional<unsigned> BI = buffer(MemRef);
  if (!BI)
    return nullptr;

  Fields.resize(Index.size());
  // A Flang variable is an array when it is subscripted or assigned whole
  // (a component is no subscript).
  bool Subscripted =
      llvm::any_of(Fields, [](const std::string &F) { return F.empty(); });
  if (!isa<MemRefType>(MemRef.getType()) && (Subscripted || WholeBuffer))
    R.Buffers[*BI].Kind = BufferKind::Array;
  Access A;
  A.WholeBuffer = WholeBuffer;
  A.BufferIndex = *BI;
  A.Kind = Kind;
  A.Op = RedOp;
  A.Protection = Protection;
  // Byte strides of a row-major memref with the identity layout.
  if (auto Type = dyn_cast<MemRefType>(MemRef.getType());
      Type && Type.getLayout().isIdentity()) {
    uint64_t Stride = R.Buffers[*BI].ElementSize;
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
    A.Strides.assign(1, R.Buffers[*BI].ElementSize);
  A.Index = std::move(Index);
  A.Fields = std::move(Fields);
  if (A.Strides.size() != A.Index.size())
    A.Strides.assign(A.Index.size(), 0);
  // Where the access sits inside the work item: loops around it, the
  // branches it is in, guards of the `omp` dialect (see contextOf).
  Context C = contextOf(Op);
  A.LoopDepth = C.LoopDepth;
  A.Conditional = C.Conditional;
  A.Branch = std::move(C.Branch);
  A.Conditions = std::move(C.Conditions);
  if (A.Protection == Guard::None)
    A.Protection = C.Protection;
  if (A.Protection == Guard::None && C.LockHeld)
    A.Protection = Guard::Lock;
  A.SingleWorkItem = C.SingleWorkItem;
  A.PinnedItem = C.PinnedItem;
  A.InNestedTask = C.InNestedTask;
  // Every work item that runs reaches it: no branch, loop or nested task
  // around it, not in a called procedure (whose paths are not walked).
  A.OnEveryPath = !C.Conditional && A.Branch.empty() && C.LoopDepth == 0 &&
                  !C.InNestedTask && !C.SingleWorkItem && Calls.empty();
  A.Section = C.Section;
  A.Order = Order++;
  A.Phase = Phase;
  // Reached through calls: the access is the outermost call's, in the
  // function that makes it.
  Operation *Place = Calls.empty() ? Op : Calls.front().Call;
  A.Where = Locs.add(Place->getLoc(), Place);
  if (!C.Doubt.empty())
    Locs.doubt(A.Where, C.Doubt);
  if (!Calls.empty()) {
    std::string Via;
    if (auto Name = Calls.back().Callee->getAttrOfType<mlir::StringAttr>(
            mlir::SymbolTable::getSymbolAttrName()))
      Via = flang::procedureName(Name.getValue());
    A.Via = Via;
  }
  A.Spelling = R.Buffers[*BI].Name;
  if (!A.Index.empty()) {
    A.Spelling += "[";
    for (size_t K = 0; K < A.Index.size(); ++K)
      A.Spelling += (K ? ", " : "") + R.print(*A.Index[K]);
    A.Spelling += "]";
  }
  R.Accesses.push_back(std::move(A));
  AccessOps.push_back(Calls.empty() ? Op : nullptr);
  return &R.Accesses.back();
}

void RegionModeler::joinBothArmWrites() {
  auto ArmOf = [](Operation *Op) -> std::pair<Operation *, unsigned> {
    Operation *P = Op ? Op->getParentOp() : nullptr;
    if (!P || !(flang::isIf(P) || isa<scf::IfOp>(P)) ||
        P->getNumRegions() != 2 || P->getRegion(1).empty())
      return {nullptr, 0};
    return {P, Op->getParentRegion()->getRegionNumber()};
  };
  auto SameIndex = [&](const Access &X, const Access &Y) {
    if (X.Index.size() != Y.Index.size() || X.Fields != Y.Fields)
      return false;
    for (size_t K = 0; K < X.Index.size(); ++K)
      if (R.print(*X.Index[K]) != R.print(*Y.Index[K]))
        return false;
    return true;
  };
  for (size_t I = 0; I < AccessOps.size(); ++I) {
    auto [If, Arm] = ArmOf(AccessOps[I]);
    Access &X = R.Accesses[I];
    if (!If || Arm != 0 || X.Kind != AccessKind::Write || X.SingleWorkItem)
      continue;
    for (size_t J = I + 1; J < AccessOps.size(); ++J) {
      Access &Y = R.Accesses[J];
      if (ArmOf(AccessOps[J]) != std::make_pair(If, 1u) ||
          Y.Kind != AccessKind::Write || Y.SingleWorkItem ||
          Y.BufferIndex != X.BufferIndex || !SameIndex(X, Y))
        continue;
      // Where the branch is: as unconditional as it, on its path and under
      // its conditions (as the C front end).
      Context C = contextOf(If);
      for (Access *W : {&X, &Y}) {
        W->Conditional = C.Conditional;
        W->Branch = C.Branch;
        W->Conditions = C.Conditions;
      }
    }
  }
}

void RegionModeler::noteUpdate(
    Operation *Store, Value Stored,
    llvm::function_ref<bool(Operation *Load)> SameElement) {
  Operation *Combine = Stored.getDefiningOp();
  if (!Combine || Combine->getNumOperands() != 2)
    return;
  for (unsigned K = 0; K < 2; ++K) {
    Operation *Load = Combine->getOperand(K).getDefiningOp();
    if (!Load || !SameElement(Load) || Load->getBlock() != Store->getBlock() ||
        !Load->isBeforeInBlock(Store) || !Load->hasOneUse())
      continue;
    ReductionOp Op = combiningOp(Combine, K);
    if (Op == ReductionOp::None)
      continue;
    FoldedLoads.insert(Load);
    Updates[Store] = Op;
    return;
  }
}

void RegionModeler::collectUpdates(Operation *Root) {
  // `%v = load m[idx]; %w = op %v, %x; store %w, m[idx]` in one block is one
  // read-modify-write: what the checks call an accumulation.
  Root->walk([&](memref::StoreOp Store) {
    noteUpdate(Store, Store.getValueToStore(), [&](Operation *Op) {
      auto Load = dyn_cast<memref::LoadOp>(Op);
      return Load && Load.getMemRef() == Store.getMemRef() &&
             Load.getIndices() == Store.getIndices();
    });
  });
  // Flang: `fir.load` of an element, an arith operation, and `hlfir.assign`
  // (or `fir.store`) to the same element: `s = s + a(i)`, `h(k) = h(k) + 1`.
  Root->walk([&](Operation *Store) {
    auto Stored = flang::storedValue(Store);
    if (!Stored)
      return;
    noteUpdate(Store, Stored->first, [&](Operation *Load) {
      auto Ref = flang::loadedRef(Load);
      return Ref && flang::sameElement(*Ref, Stored->second);
    });
  });
  // Flang: `if (a(i) > m) m = a(i)` keeps the maximum, a read-modify-write
  // of m with max, when nothing else in the loop touches m (otherwise a
  // reduction's private copy would change what that use sees).
  Root->walk([&](Operation *Store) {
    std::optional<flang::ConditionalAssign> Match =
        flang::conditionalAssign(Store);
    if (!Match || Updates.count(Store))
      return;
    ReductionOp Op = keptExtreme(Match->Compare, Match->ValueOperand);
    if (Op == ReductionOp::None)
      return;
    Value Target = flang::rootOf(flang::storedValue(Store)->second);
    bool OtherUse = false;
    Root->walk([&](Operation *User) {
      if (User == Store || User == Match->LoadOfTarget)
        return;
      for (Value Operand : User->getOperands())
        OtherUse |= flang::rootOf(Operand) == Target;
    });
    if (OtherUse)
      return;
    FoldedLoads.insert(Match->LoadOfTarget);
    Updates[Store] = Op;
  });
}

void RegionModeler::addFlangAccess(Operation *Op, Value Ref, AccessKind Kind,
                                   ReductionOp RedOp) {
  Operation *D = Ref.getDefiningOp();
  if (!D || D->getName().getStringRef() != "hlfir.designate") {
    // A whole variable: `s`, or an array assigned whole (`v = 0`).
    addAccess(Op, Ref, {}, Kind, RedOp, Guard::None,
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
    ExprRef First = expr(Parts[0].Lo);
    ExprRef Length = Expr::binary(
        ExprKind::Add, Expr::binary(ExprKind::Sub, expr(Parts[0].Hi), First),
        Expr::constant(1));
    if (Access *A = addAccess(Op, Base, {First}, Kind, RedOp, Guard::None)) {
      A->RangeLength = Length;
      A->Spelling = R.Buffers[A->BufferIndex].Name + "[" + R.print(*First) +
                    ":" + R.print(*expr(Parts[0].Hi)) + "]";
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
  for (const flang::DesignatorPart &P : Parts) {
    if (P.What == PK::Component) {
      Index.push_back(Expr::constant(P.Position));
      Fields.push_back(P.Component);
      Spelling += "%" + P.Component;
      continue;
    }
    ExprRef I, Lo, Hi;
    if (P.What == PK::Subscript) {
      I = expr(P.Index);
    } else if (P.What == PK::Triplet) {
      APInt Step;
      if (!matchPattern(P.Step, m_ConstantInt(&Step)) || Step.isZero() ||
          !Step.trySExtValue())
        return;
      Lo = expr(P.Lo);
      Hi = expr(P.Hi);
      I = sectionVariable(Lo, Hi, *Step.trySExtValue());
    } else {
      // From the lower bound, Extent elements.
      Lo = P.Lo ? expr(P.Lo) : Expr::constant(1);
      Hi = Expr::binary(ExprKind::Sub,
                        Expr::binary(ExprKind::Add, Lo, expr(P.Extent)),
                        Expr::constant(1));
      I = sectionVariable(Lo, Hi, 1);
    }
    Index.push_back(I);
    Fields.push_back("");
    std::string Printed = P.What == PK::Subscript
                              ? R.print(*I)
                              : R.print(*Lo) + ":" + R.print(*Hi);
    // `m[1:n, j]`: one bracket per designate's subscripts.
    if (!Spelling.empty() && Spelling.back() == ']')
      Spelling.back() = ',', Spelling += " " + Printed + "]";
    else
      Spelling += "[" + Printed + "]";
  }
  if (Access *A = addAccess(Op, Base, std::move(Index), Kind, RedOp,
                            Guard::None, false, std::move(Fields)))
    A->Spelling = R.Buffers[A->BufferIndex].Name + Spelling;
}

void RegionModeler::visit(Operation *Op) {
  auto Indices = [&](ValueRange Vs) {
    std::vector<ExprRef> Index;
    for (Value V : Vs)
      Index.push_back(expr(V));
    return Index;
  };
  auto AffineIndices = [&](AffineMap M, ValueRange Operands) {
    std::vector<ExprRef> Index;
    ValueRange Dims = Operands.take_front(M.getNumDims());
    ValueRange Syms = Operands.drop_front(M.getNumDims());
    for (AffineExpr E : M.getResults()) {
      ExprRef X = affineExpr(E, Dims, Syms, 0);
      if (!X) {
        Symbol S;
        S.Name = "?";
        S.Kind = SymbolKind::Opaque;
        X = Expr::symbol(R.addSymbol(std::move(S)));
      }
      Index.push_back(X);
    }
    return Index;
  };
  // Zero indices: the element an `omp.atomic` operand points to.
  auto FirstElement = [&](Value MemRef) {
    std::vector<ExprRef> Index;
    if (auto Type = dyn_cast<MemRefType>(MemRef.getType()))
      Index.assign(Type.getRank(), Expr::constant(0));
    return Index;
  };
  if (auto Load = dyn_cast<memref::LoadOp>(Op)) {
    if (!FoldedLoads.count(Op))
      addAccess(Op, Load.getMemRef(), Indices(Load.getIndices()),
                AccessKind::Read, ReductionOp::None, Guard::None);
  } else if (auto Store = dyn_cast<memref::StoreOp>(Op)) {
    auto It = Updates.find(Op);
    if (It != Updates.end())
      addAccess(Op, Store.getMemRef(), Indices(Store.getIndices()),
                AccessKind::ReadModifyWrite, It->second, Guard::None);
    else {
      size_t Before = R.Accesses.size();
      addAccess(Op, Store.getMemRef(), Indices(Store.getIndices()),
                AccessKind::Write, ReductionOp::None, Guard::None);
      noteStoredValue(Before, Store.getValueToStore());
    }
  } else if (auto Load = dyn_cast<affine::AffineLoadOp>(Op)) {
    addAccess(Op, Load.getMemRef(),
              AffineIndices(Load.getAffineMap(), Load.getMapOperands()),
              AccessKind::Read, ReductionOp::None, Guard::None);
  } else if (auto Store = dyn_cast<affine::AffineStoreOp>(Op)) {
    addAccess(Op, Store.getMemRef(),
              AffineIndices(Store.getAffineMap(), Store.getMapOperands()),
              AccessKind::Write, ReductionOp::None, Guard::None);
  } else if (auto Ref = flang::loadedRef(Op)) {
    // Reading the descriptor of an allocatable or pointer the construct
    // never changes reads no data; its accesses go through it.
    if (!FoldedLoads.count(Op) && !describedMemory(Op->getResult(0)))
      addFlangAccess(Op, *Ref, AccessKind::Read, ReductionOp::None);
  } else if (auto Stored = flang::storedValue(Op)) {
    // The variable of a nested simd loop is each thread's own (as the C
    // front end has it): Flang's copy-out of its last value is not a write
    // the threads share.
    if (simdCounterCopyOut(Op, Stored->second))
      return;
    auto It = Updates.find(Op);
    if (It != Updates.end())
      addFlangAccess(Op, Stored->second, AccessKind::ReadModifyWrite,
                     It->second);
    else {
      size_t Before = R.Accesses.size();
      addFlangAccess(Op, Stored->second, AccessKind::Write, ReductionOp::None);
      noteStoredValue(Before, Stored->first);
    }
    // `b = a` on arrays reads the right-hand side's memory.
    if (flang::isReference(Stored->first.getType()))
      addFlangAccess(Op, Stored->first, AccessKind::Read, ReductionOp::None);
  } else if (auto Update = dyn_cast<omp::AtomicUpdateOp>(Op)) {
    addAccess(Op, Update.getX(), FirstElement(Update.getX()),
              AccessKind::ReadModifyWrite, ReductionOp::Other, Guard::Atomic);
  } else if (auto Read = dyn_cast<omp::AtomicReadOp>(Op)) {
    addAccess(Op, Read.getX(), FirstElement(Read.getX()), AccessKind::Read,
              ReductionOp::None, Guard::Atomic);
    addAccess(Op, Read.getV(), FirstElement(Read.getV()), AccessKind::Write,
              ReductionOp::None, Guard::None);
  } else if (auto Write = dyn_cast<omp::AtomicWriteOp>(Op)) {
    addAccess(Op, Write.getX(), FirstElement(Write.getX()), AccessKind::Write,
              ReductionOp::None, Guard::Atomic);
  } else if (isa<CallOpInterface>(Op) && flang::isFortran(Op)) {
    addOpaqueCallReads(Op);
  }
}

void RegionModeler::noteStoredValue(size_t Before, Value Stored) {
  // One plain write of a scalar variable (`done = .true.`, a rank-0
  // memref), not of an array's elements or through a reference: the value
  // it stores (privateer-same-value-store).
  if (R.Accesses.size() != Before + 1 ||
      !flang::isScalarValue(Stored.getType()))
    return;
  Access &A = R.Accesses.back();
  if (A.Kind == AccessKind::Write && A.Index.empty() && !A.WholeBuffer &&
      !A.RangeLength)
    A.StoredValue = expr(Stored);
}

void RegionModeler::addOpaqueCallReads(Operation *Call) {
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

void RegionModeler::setUpSchedule(omp::WsloopOp Ws) {
  auto Kind = Ws.getScheduleKind();
  if (!Kind)
    return;
  switch (*Kind) {
  case omp::ClauseScheduleKind::Static:
    R.Schedule = ScheduleKind::Static;
    break;
  case omp::ClauseScheduleKind::Dynamic:
    R.Schedule = ScheduleKind::Dynamic;
    break;
  case omp::ClauseScheduleKind::Guided:
    R.Schedule = ScheduleKind::Guided;
    break;
  case omp::ClauseScheduleKind::Auto:
    R.Schedule = ScheduleKind::Auto;
    break;
  default:
    R.Schedule = ScheduleKind::Runtime;
    break;
  }
  R.ScheduleClause = R.Directive;
  if (Value Chunk = Ws.getScheduleChunk())
    R.Chunk = expr(Chunk);
}

bool RegionModeler::setUpWorksharing() {
  omp::LoopNestOp LoopNest = loopNestOf(Unit);
  if (!LoopNest)
    return false;
  Nest = LoopNest;
  Operation *Team = enclosingTeam(Unit);
  if (Kind == UnitKind::Simd || isa<omp::TaskloopOp>(Unit)) {
    // SIMD lanes share their thread's memory; the tasks of a taskloop
    // share their creator's.
    Scope = Unit;
  } else if (Team) {
    Scope = Team;
  } else {
    // Orphaned: the function runs on every thread of the team that calls
    // it, its locals each thread's own. In the main program no team is
    // around it: one thread runs the loop.
    auto Fn = Unit->getParentOfType<mlir::FunctionOpInterface>();
    if (!Fn || Fn.getName() == "_QQmain")
      return false;
    Scope = Fn;
    Orphaned = true;
  }
  if (isa<omp::TaskloopOp>(Unit)) {
    R.Construction = ConstructKind::TaskLoop;
    R.InterleavedWork = true;
  }
  // The clauses of every wrapper of a composite: schedule, linear items.
  for (Operation *W = Unit; isLoopWrapper(W);) {
    if (auto Ws = dyn_cast<omp::WsloopOp>(W)) {
      setUpSchedule(Ws);
      for (auto [V, S] : llvm::zip(Ws.getLinearVars(), Ws.getLinearStepVars()))
        Linear.push_back({V, S});
    } else if (auto Simd = dyn_cast<omp::SimdOp>(W)) {
      for (auto [V, S] :
           llvm::zip(Simd.getLinearVars(), Simd.getLinearStepVars()))
        Linear.push_back({V, S});
    }
    Operation *Next = nullptr;
    for (Operation &X : W->getRegion(0).front())
      if (isLoopWrapper(&X))
        Next = &X;
    W = Next;
  }
  for (unsigned K = 0; K < LoopNest.getNumLoops(); ++K)
    R.WorkItemVars.push_back(loopSymbol(
        LoopNest.getIVs()[K], SymbolKind::Induction,
        LoopNest.getLoopLowerBounds()[K], LoopNest.getLoopUpperBounds()[K],
        LoopNest.getLoopSteps()[K], LoopNest.getLoopInclusive()));
  if (auto Simd = dyn_cast<omp::SimdOp>(Unit)) {
    // The lanes of one thread: threads racing on what the loop touches is
    // the question of the construct around it, asked with its data sharing.
    R.Construction = ConstructKind::SimdLanes;
    boundSimdWindow(Simd);
    collectDoVariables();
  }
  return true;
}

bool RegionModeler::simdCounterCopyOut(Operation *Store, Value Target) {
  Value Root = rootOf(Target);
  for (auto Simd = Store->getParentOfType<omp::SimdOp>();
       Simd && Unit->isProperAncestor(Simd) && Simd != Nest;
       Simd = Simd->getParentOfType<omp::SimdOp>()) {
    omp::LoopNestOp Loop = loopNestOf(Simd);
    if (!Loop || Loop.getRegion().empty())
      continue;
    auto Args = cast<omp::BlockArgOpenMPOpInterface>(Simd.getOperation())
                    .getPrivateBlockArgs();
    for (auto [Var, Arg] : llvm::zip(Simd.getPrivateVars(), Args)) {
      if (rootOf(Var) != Root)
        continue;
      // The private copy the loop's body assigns the loop's variable to.
      for (Operation &Op : Loop.getRegion().front())
        if (auto S = flang::storedValue(&Op);
            S && llvm::is_contained(Loop.getIVs(), S->first) &&
            flang::rootOf(S->second) == Value(Arg))
          return true;
    }
  }
  return false;
}

void RegionModeler::collectDoVariables() {
  // Flang counts a `do` loop in an iteration argument and stores it into
  // the DO variable first thing in the body: `fir.store %iv to %m`.
  Unit->walk([&](Operation *Loop) {
    if (!flang::isDoLoop(Loop) || Loop->getNumRegions() != 1 ||
        Loop->getRegion(0).empty())
      return;
    mlir::Block &Body = Loop->getRegion(0).front();
    for (Operation &Op : Body) {
      auto Stored = flang::storedValue(&Op);
      if (!Stored)
        continue;
      auto Arg = dyn_cast<mlir::BlockArgument>(Stored->first);
      if (Arg && Arg.getOwner() == &Body && Arg.getArgNumber() > 0)
        DoVariables.insert(rootOf(Stored->second));
    }
  });
}

void RegionModeler::boundSimdWindow(omp::SimdOp Simd) {
  std::optional<uint64_t> Len = Simd.getSafelen();
  if (!Len)
    Len = Simd.getSimdlen();
  if (!Len || *Len == 0 || *Len > (uint64_t(1) << 30) ||
      R.WorkItemVars.size() != 1)
    return;
  Symbol &IV = R.Symbols[R.WorkItemVars[0]];
  if (IV.Descending || !IV.Min || !IV.Max)
    return;
  // The lanes that run together start at a window W of the iteration
  // space, on its lattice: both iterations lie in [W, W + (L - 1) * step].
  Symbol W;
  W.Name = "lanes from " + IV.Name;
  W.Kind = SymbolKind::Invariant;
  W.IterationDependent = false;
  W.Min = IV.Min;
  W.Max = IV.Max;
  W.Step = IV.Step;
  ExprRef Start = Expr::symbol(R.addSymbol(std::move(W)));
  Symbol &Var = R.Symbols[R.WorkItemVars[0]];
  ExprRef Span = Expr::binary(ExprKind::Add, Start,
                              Expr::constant(int64_t(*Len - 1) * Var.Step));
  Var.Min = Start;
  Var.Max = Expr::binary(ExprKind::Min, Var.Max, Span);
}

bool RegionModeler::setUpTeam() {
  // Every thread of the team (every team of a league) runs the body: the
  // work items are threads (teams).
  R.Kind = RegionKind::Replicated;
  R.CreatesTeam = true;
  // The program may set the size of its teams elsewhere in the module
  // (`call omp_set_num_threads(4)`): the team may be smaller than it seems.
  if (ModuleOp Module = Unit->getParentOfType<ModuleOp>())
    R.TeamSizeSetElsewhere =
        Module
            ->walk([](CallOpInterface Call) {
              auto Callee = dyn_cast_if_present<SymbolRefAttr>(
                  Call.getCallableForCallee());
              return Callee && Callee.getLeafReference().getValue().contains(
                                   "omp_set_num_threads")
                         ? WalkResult::interrupt()
                         : WalkResult::advance();
            })
            .wasInterrupted();
  if (auto Team = dyn_cast<omp::ParallelOp>(Unit)) {
    if (isConstantFalse(Team.getIfExpr()))
      return false; // a team of one thread
    if (Value N = Team.getNumThreads()) {
      R.NumThreadsClause = true;
      R.NumThreads = expr(N);
    }
  } else if (auto League = dyn_cast<omp::TeamsOp>(Unit)) {
    if (Value N = League.getNumTeamsUpper()) {
      R.NumThreadsClause = true;
      R.NumThreads = expr(N);
    }
  }
  R.WorkItemVars.push_back(threadIdSymbol());
  return true;
}

bool RegionModeler::setUpSections() {
  R.Kind = RegionKind::Sections;
  unsigned Count = 0;
  for (Operation &Op : Unit->getRegion(0).front())
    Count += isa<omp::SectionOp>(Op);
  if (Count < 2)
    return false;
  if (Operation *Team = enclosingTeam(Unit)) {
    Scope = Team;
  } else {
    auto Fn = Unit->getParentOfType<mlir::FunctionOpInterface>();
    if (!Fn || Fn.getName() == "_QQmain")
      return false;
    Scope = Fn;
    Orphaned = true;
  }
  return true;
}

std::optional<ParallelRegion> RegionModeler::build() {
  R.Kind = RegionKind::Loop;
  R.Handle = ConstructHandle::of(Unit);
  R.Directive = Locs.add(Unit->getLoc(), Unit);
  // Advice is worded for what the user wrote: Fortran's `!$omp` clauses,
  // the omp dialect's operands, or scf's reductions.
  R.Model = flang::isFortran(Unit) ? ProgrammingModelKind::Fortran
            : Unit->getDialect() && Unit->getDialect()->getNamespace() == "omp"
                ? ProgrammingModelKind::OmpDialect
                : ProgrammingModelKind::SCF;
  R.Construct = constructName(Unit);
  bool Ready = false;
  switch (Kind) {
  case UnitKind::ParallelLoop:
    Ready = addParallelVars(Unit, SymbolKind::Induction);
    break;
  case UnitKind::Worksharing:
  case UnitKind::Simd:
    Ready = setUpWorksharing();
    break;
  case UnitKind::Team:
  case UnitKind::League:
    Ready = setUpTeam();
    break;
  case UnitKind::Sections:
    Ready = setUpSections();
    break;
  case UnitKind::Task:
    Ready = setUpTask();
    break;
  case UnitKind::OneThread:
    // One work item: the thread that runs it.
    R.Kind = RegionKind::Tasks;
    if (Operation *Team = enclosingTeam(Unit))
      Scope = Team;
    Ready = true;
    break;
  case UnitKind::None:
    break;
  }
  if (!Ready)
    return std::nullopt;
  collectFlushed();
  if (Body.empty()) {
    collectUpdates(Unit);
    walkRegions(Unit);
  } else {
    // The creator's statements, each numbered as a section so that a fix
    // knows where to wait.
    for (Operation *Op : Body) {
      collectUpdates(Op);
      ++Statement;
      walk(Op);
    }
  }
  joinBothArmWrites();
  flattenOutOfBounds(R, Layouts);
  addStatedFacts();
  R.WaitsOnFlags = SpinsOnFlag;
  // Values of Flang's lowering that no Fortran name was found for.
  if (R.Model == ProgrammingModelKind::Fortran)
    for (Symbol &S : R.Symbols)
      S.Unnamed = !S.Name.empty() && S.Name.front() == '%';
  return std::move(R);
}

std::optional<ParallelRegion> buildRegion(Operation *Unit,
                                          LocationTable &Locs) {
  if (!isParallelConstruct(Unit))
    return std::nullopt;
  std::optional<ParallelRegion> R = RegionModeler(Unit, Locs).build();
  if (!R)
    return R;
  // The constructs before it that no barrier separates from it, modelled
  // with the same locations (their findings point into both).
  R->Previous = previousUnordered(Unit, Locs);
  // One thread's code is compared only with the loops before it.
  if (unitKind(Unit) == UnitKind::OneThread && R->Previous.empty())
    return std::nullopt;
  if (auto Task = dyn_cast<omp::TaskOp>(Unit))
    orderTask(Task, *R, Locs);
  return R;
}

} // namespace mlirfe
} // namespace privateer
