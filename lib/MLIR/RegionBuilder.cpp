//===- RegionBuilder.cpp - MLIR parallel loops to privateer's model -------===//
//
// Part of privateer. One ParallelRegion per parallel loop (`scf.parallel`,
// `scf.forall`, `affine.parallel`, `omp.wsloop`) or replicated
// `omp.parallel`: the memory it reaches from outside becomes shared buffers,
// and every memref or Flang load, store (a load-op-store of one element is
// one read-modify-write) and `omp.atomic` access becomes an Access with its
// guard, branches and loops. Indices are translated in IndexTranslator.cpp.
//
//===----------------------------------------------------------------------===//

#include "privateer/MLIR/RegionBuilder.h"
#include "FlangOps.h"
#include "NowaitLoops.h"
#include "OpSemantics.h"
#include "RegionModeler.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <variant>

using namespace mlir;

namespace privateer {
namespace mlirfe {

bool isParallelConstruct(Operation *Op) {
  if (isa<scf::ParallelOp, scf::ForallOp, affine::AffineParallelOp,
          omp::WsloopOp>(Op))
    return true;
  // An `omp.parallel` whose body every thread runs: one without worksharing
  // or tasks inside (those are modelled on their own, or not yet).
  if (!isa<omp::ParallelOp>(Op))
    return false;
  bool Replicated = true;
  Op->walk([&](Operation *Inner) {
    if (Inner != Op &&
        isa<omp::WsloopOp, omp::SectionsOp, omp::TaskOp, omp::TaskloopOp,
            omp::DistributeOp, omp::ParallelOp, omp::TeamsOp>(Inner))
      Replicated = false;
  });
  return Replicated;
}

std::optional<unsigned> RegionModeler::buffer(Value MemRef) {
  // A cast keeps the indexing; any other view is a buffer of its own.
  while (auto Cast = MemRef.getDefiningOp<memref::CastOp>())
    MemRef = Cast.getSource();
  // Flang's variables: through their declarations to the memory.
  std::string FortranName;
  Operation *Declaration = nullptr;
  MemRef = flang::rootOf(MemRef, &FortranName, &Declaration);
  if (Value Variable = describedMemory(MemRef)) {
    Operation *Decl = nullptr;
    FortranName.clear();
    MemRef = flang::rootOf(Variable, &FortranName, &Decl);
    Declaration = Decl;
  }
  // Memory made inside the parallel scope (or a private or reduction block
  // argument of the construct) belongs to one work item or one thread; a
  // global's address may be taken anywhere.
  if (definedInside(MemRef, Scope) && !flang::isGlobal(MemRef))
    return std::nullopt;
  // A `linear` list item has a private copy per thread (Flang leaves it to
  // the translation to LLVM IR to make it).
  if (auto Ws = dyn_cast<omp::WsloopOp>(Loop))
    for (Value Linear : Ws.getLinearVars())
      if (flang::rootOf(Linear) == MemRef)
        return std::nullopt;
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
    if (Shape.Extents.size() == 1 && Shape.Extents[0] >= 0)
      B.Extent = Shape.Extents[0];
  }
  if (Declaration)
    B.Decl = Locs.add(Declaration->getLoc());
  else if (Operation *D = MemRef.getDefiningOp())
    B.Decl = Locs.add(D->getLoc());
  else
    B.Decl = Locs.add(cast<BlockArgument>(MemRef).getLoc());
  R.Buffers.push_back(std::move(B));
  unsigned Index = R.Buffers.size() - 1;
  Buffers[MemRef] = Index;
  return Index;
}

Value RegionModeler::describedMemory(Value Descriptor) {
  Operation *Load = Descriptor.getDefiningOp();
  auto Ref = flang::loadedRef(Load);
  if (!Ref || !flang::isAllocatableOrPointer(Descriptor.getType()))
    return nullptr;
  Value Variable = flang::rootOf(*Ref);
  if (definedInside(Variable, Scope))
    return nullptr;
  bool OnlyLoaded = true;
  Scope->walk([&](Operation *Op) {
    if (!flang::loadedRef(Op))
      for (Value Operand : Op->getOperands())
        OnlyLoaded &= flang::rootOf(Operand) != Variable;
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
      if (Type.isDynamicDim(D))
        Stride = 0;
      else
        Stride *= Type.getDimSize(D);
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
  // branches of `scf.if` it is in, guards of the `omp` dialect.
  std::vector<unsigned> Branch;
  for (Operation *P = Op->getParentOp(); P && P != Loop; P = P->getParentOp()) {
    if ((isa<scf::ForOp, scf::ParallelOp, scf::ForallOp, affine::AffineForOp,
             affine::AffineParallelOp, omp::LoopNestOp, scf::WhileOp>(P) ||
         flang::isDoLoop(P)) &&
        P != Nest)
      ++A.LoopDepth;
    if (isa<scf::WhileOp>(P))
      A.Conditional = true;
    if (isa<scf::IfOp, affine::AffineIfOp, scf::IndexSwitchOp>(P) ||
        flang::isIf(P)) {
      A.Conditional = true;
      Region *Holder = Op->getParentRegion();
      while (Holder->getParentOp() != P)
        Holder = Holder->getParentOp()->getParentRegion();
      if (Holder->getRegionNumber() == 0 && P->getNumOperands() >= 1 &&
          lastIterationOnly(P->getOperand(0)))
        A.SingleWorkItem = true;
      auto Key = std::make_pair(P, Holder->getRegionNumber());
      auto It = BranchIds.try_emplace(Key, BranchIds.size() + 1).first;
      Branch.push_back(It->second);
    }
    if (A.Protection == Guard::None) {
      if (isa<omp::CriticalOp>(P))
        A.Protection = Guard::Critical;
      else if (isa<omp::OrderedRegionOp>(P))
        A.Protection = Guard::Ordered;
      else if (isa<omp::SingleOp, omp::MaskedOp, omp::MasterOp>(P))
        A.Protection = Guard::Single;
    }
  }
  A.Branch.assign(Branch.rbegin(), Branch.rend());
  if (A.Protection == Guard::None && heldLock(Op, Loop))
    A.Protection = Guard::Lock;
  A.Order = Order++;
  A.Phase = Phase;
  A.Where = Locs.add(Op->getLoc());
  A.Spelling = R.Buffers[*BI].Name;
  if (!A.Index.empty()) {
    A.Spelling += "[";
    for (size_t K = 0; K < A.Index.size(); ++K)
      A.Spelling += (K ? ", " : "") + R.print(*A.Index[K]);
    A.Spelling += "]";
  }
  R.Accesses.push_back(std::move(A));
  return &R.Accesses.back();
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

void RegionModeler::collectUpdates() {
  // `%v = load m[idx]; %w = op %v, %x; store %w, m[idx]` in one block is one
  // read-modify-write: what the checks call an accumulation.
  Loop->walk([&](memref::StoreOp Store) {
    noteUpdate(Store, Store.getValueToStore(), [&](Operation *Op) {
      auto Load = dyn_cast<memref::LoadOp>(Op);
      return Load && Load.getMemRef() == Store.getMemRef() &&
             Load.getIndices() == Store.getIndices();
    });
  });
  // Flang: `fir.load` of an element, an arith operation, and `hlfir.assign`
  // (or `fir.store`) to the same element: `s = s + a(i)`, `h(k) = h(k) + 1`.
  Loop->walk([&](Operation *Store) {
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
  Loop->walk([&](Operation *Store) {
    std::optional<flang::ConditionalAssign> Match =
        flang::conditionalAssign(Store);
    if (!Match || Updates.count(Store))
      return;
    ReductionOp Op = keptExtreme(Match->Compare, Match->ValueOperand);
    if (Op == ReductionOp::None)
      return;
    Value Target = flang::rootOf(flang::storedValue(Store)->second);
    bool OtherUse = false;
    Loop->walk([&](Operation *User) {
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
      if (!matchPattern(P.Step, m_ConstantInt(&Step)) || Step.isZero())
        return;
      Lo = expr(P.Lo);
      Hi = expr(P.Hi);
      I = sectionVariable(Lo, Hi, Step.getSExtValue());
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
    else
      addAccess(Op, Store.getMemRef(), Indices(Store.getIndices()),
                AccessKind::Write, ReductionOp::None, Guard::None);
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
    auto It = Updates.find(Op);
    if (It != Updates.end())
      addFlangAccess(Op, Stored->second, AccessKind::ReadModifyWrite,
                     It->second);
    else
      addFlangAccess(Op, Stored->second, AccessKind::Write, ReductionOp::None);
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
  }
}

std::optional<ParallelRegion> RegionModeler::build() {
  R.Kind = RegionKind::Loop;
  R.Handle = ConstructHandle::of(Loop);
  R.Directive = Locs.add(Loop->getLoc());
  // Advice is worded for what the user wrote: Fortran's `!$omp` clauses,
  // the omp dialect's operands, or scf's reductions.
  R.Model = flang::isFortran(Loop) ? ProgrammingModelKind::Fortran
            : isa<omp::ParallelOp, omp::WsloopOp>(Loop)
                ? ProgrammingModelKind::OmpDialect
                : ProgrammingModelKind::SCF;
  if (isa<scf::ParallelOp, scf::ForallOp, affine::AffineParallelOp>(Loop)) {
    R.Construct = Loop->getName().getStringRef().str();
    if (!addParallelVars(Loop, SymbolKind::Induction))
      return std::nullopt;
  } else if (auto Team = dyn_cast<omp::ParallelOp>(Loop)) {
    // Every thread of the team runs the body: the work items are threads.
    R.Kind = RegionKind::Replicated;
    R.Construct = flang::isFortran(Loop) ? "!$omp parallel" : "omp.parallel";
    R.CreatesTeam = true;
    if (Value N = Team.getNumThreads()) {
      R.NumThreadsClause = true;
      R.NumThreads = expr(N);
    }
    R.WorkItemVars.push_back(threadIdSymbol());
  } else if (auto Ws = dyn_cast<omp::WsloopOp>(Loop)) {
    R.Construct = "omp.wsloop";
    if (flang::isFortran(Loop)) {
      // `!$omp parallel do` is an omp.parallel around the loop alone.
      auto Team = dyn_cast_or_null<omp::ParallelOp>(Loop->getParentOp());
      bool Combined =
          Team && llvm::all_of(Team.getRegion().getOps(), [&](Operation &Op) {
            return &Op == Loop || Op.getNumRegions() == 0;
          });
      R.Construct = Combined ? "!$omp parallel do" : "!$omp do";
    }
    if (auto Team = Loop->getParentOfType<omp::ParallelOp>())
      Scope = Team;
    omp::LoopNestOp Nest;
    Loop->walk([&](omp::LoopNestOp N) {
      Nest = N;
      return WalkResult::interrupt();
    });
    if (!Nest)
      return std::nullopt;
    this->Nest = Nest;
    for (unsigned K = 0; K < Nest.getNumLoops(); ++K)
      R.WorkItemVars.push_back(
          loopSymbol(Nest.getIVs()[K], SymbolKind::Induction,
                     Nest.getLoopLowerBounds()[K], Nest.getLoopUpperBounds()[K],
                     Nest.getLoopSteps()[K], Nest.getLoopInclusive()));
    if (auto Kind = Ws.getScheduleKind()) {
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
  } else {
    return std::nullopt;
  }
  collectUpdates();
  Loop->walk<WalkOrder::PreOrder>([&](Operation *Op) {
    if (Op == Loop)
      return;
    // Accesses after a barrier never race with those before it.
    if (isa<omp::BarrierOp>(Op))
      ++Phase;
    // The distributed loop nest's variables are the work items' already.
    if (Op != Nest)
      registerInnerLoops(Op);
    visit(Op);
  });
  return R;
}

std::optional<ParallelRegion> buildRegion(Operation *Loop,
                                          LocationTable &Locs) {
  if (!isParallelConstruct(Loop))
    return std::nullopt;
  std::optional<ParallelRegion> R = RegionModeler(Loop, Locs).build();
  // The loops before it that no barrier separates from it, modelled with
  // the same locations (their findings point into both).
  if (R)
    for (Operation *Prev : previousNowaitLoops(Loop))
      if (std::optional<ParallelRegion> P = RegionModeler(Prev, Locs).build())
        R->Previous.push_back(
            std::make_shared<const ParallelRegion>(std::move(*P)));
  return R;
}

} // namespace mlirfe
} // namespace privateer
