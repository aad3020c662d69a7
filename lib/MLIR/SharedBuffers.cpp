//===- SharedBuffers.cpp - Memory shared by the work items ----------------===//
//
// Part of privateer. The memory a construct reaches from outside becomes a
// shared buffer, with its name, element size, extent and declaration; memory
// that is each work item's or thread's is none.
//
//===----------------------------------------------------------------------===//

#include "ColumnMajor.h"
#include "FlangOps.h"
#include "RegionAssembler.h"
#include "RegionContext.h"
#include "privateer/Analysis/Finding.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;

namespace privateer {
namespace mlirfe {

std::optional<unsigned> RegionAssembler::bufferFor(Value MemRef) {
  // A cast keeps the indexing; any other view is a buffer of its own.
  while (auto Cast = MemRef.getDefiningOp<memref::CastOp>())
    MemRef = Cast.getSource();
  // Flang's variables: through their declarations to the memory.
  std::string FortranName;
  Operation *Declaration = nullptr;
  MemRef = Ctx.Exprs.rootOf(MemRef, &FortranName, &Declaration);
  bool Described = false;
  if (Value Variable = describedMemory(MemRef)) {
    Operation *Decl = nullptr;
    FortranName.clear();
    MemRef = Ctx.Exprs.rootOf(Variable, &FortranName, &Decl);
    Declaration = Decl;
    Described = true;
  }
  // Memory made inside the parallel scope (or a private or reduction block
  // argument of the construct) belongs to one work item or one thread; a
  // global's address may be taken anywhere.
  if (Ctx.Follower.privateMemory(MemRef))
    return std::nullopt;
  // A threadprivate variable is each thread's own; the tasks a thread runs
  // use its copy one at a time (as the C front end has it).
  if (isa_and_nonnull<omp::ThreadprivateOp>(MemRef.getDefiningOp()))
    return std::nullopt;
  // A `linear` list item has a private copy per thread (Flang leaves it to
  // the translation to LLVM IR to make it); instances of a task that
  // `depend` clauses order on a variable never meet on it.
  for (auto [Item, Step] : State.Linear)
    if (Ctx.Exprs.rootOf(Item) == MemRef)
      return std::nullopt;
  if (llvm::is_contained(State.Ordered, MemRef))
    return std::nullopt;
  // The variable of a sequential `do` inside a SIMD loop is each lane's.
  if (State.DoVariables.contains(MemRef))
    return std::nullopt;
  // A dummy argument of an orphaned construct's function is what its
  // callers pass: private when every visible call inside a team passes
  // the team's own memory, and assumed shared (unproven) when no such call
  // is visible.
  ActualSharing Caller = ActualSharing::Shared;
  if (auto Arg = dyn_cast<BlockArgument>(MemRef);
      State.Orphaned && Arg && Arg.getOwner()->getParentOp() == State.Scope) {
    Caller = actualSharing(State.Scope, Arg.getArgNumber());
    if (Caller == ActualSharing::Private)
      return std::nullopt;
  }
  auto It = State.Buffers.find(MemRef);
  if (It != State.Buffers.end())
    return It->second;
  return newBuffer(MemRef, FortranName, Declaration, Described, Caller);
}

unsigned RegionAssembler::newBuffer(Value MemRef,
                                    const std::string &FortranName,
                                    Operation *Declaration, bool Described,
                                    ActualSharing Caller) {
  Buffer B;
  B.Name = FortranName.empty() ? Ctx.Exprs.name(MemRef) : FortranName;
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
  B.ReducedAround = State.R.Construction == ConstructKind::SimdLanes &&
                    isReductionArgument(MemRef);
  if (Declaration)
    B.Decl = State.Locs.add(Declaration->getLoc());
  else if (Operation *D = MemRef.getDefiningOp())
    B.Decl = State.Locs.add(D->getLoc());
  else
    B.Decl = State.Locs.add(cast<BlockArgument>(MemRef).getLoc());
  // A SAVE local of a called procedure has no name at the construct.
  if (Declaration && llvm::any_of(State.Calls, [&](const CallFrame &F) {
        return F.Callee->isAncestor(Declaration);
      }))
    B.VisibleAtConstruct = false;
  if (Caller == ActualSharing::Unknown)
    State.Locs.doubt(B.Decl,
                     quote(B.Name) +
                         " is a dummy argument, and no call of the "
                         "procedure inside a parallel region is in this "
                         "file: whether its callers' threads share it is "
                         "not known");
  State.R.Buffers.push_back(std::move(B));
  State.Layouts.push_back(Described ? allocatedLayout(MemRef)
                                    : layoutOf(Declaration));
  unsigned Index = State.R.Buffers.size() - 1;
  State.Buffers[MemRef] = Index;
  return Index;
}

std::optional<ArrayLayout> RegionAssembler::allocatedLayout(Value Variable) {
  // The descriptor stored last before the construct: `fir.embox %mem(%shape)`
  // of an ALLOCATE, its bounds constants when the sizes were.
  auto Fn = State.Unit->getParentOfType<mlir::FunctionOpInterface>();
  Operation *At = State.Body.empty() ? State.Unit : State.Body.front();
  Operation *W = Fn ? Ctx.Facts.nearestWriter(At, Variable, Fn) : nullptr;
  // A scalar assigned to the whole array (`b = 0`) keeps its shape.
  for (unsigned Steps = 0;
       W && Steps < 8 && W->getName().getStringRef() == "hlfir.assign" &&
       flang::storedValue(W)->first.getType().isIntOrFloat();
       ++Steps)
    W = Ctx.Facts.nearestWriter(W, Variable, Fn);
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
    ExprRef E = Ctx.Exprs.expr(V);
    if (E->kind() != ExprKind::Constant)
      return std::nullopt;
    Values.push_back(E->value());
  }
  return layoutFrom(Values, Shifted);
}

Value RegionAssembler::describedMemory(Value Descriptor) {
  Operation *Load = Descriptor.getDefiningOp();
  auto Ref = flang::loadedRef(Load);
  if (!Ref || !flang::isAllocatableOrPointer(Descriptor.getType()))
    return nullptr;
  Value Variable = Ctx.Exprs.rootOf(*Ref);
  if (Ctx.Follower.privateMemory(Variable))
    return nullptr;
  bool OnlyLoaded = true;
  State.Scope->walk([&](Operation *Op) {
    if (!flang::loadedRef(Op))
      for (Value Operand : Op->getOperands())
        OnlyLoaded &= Ctx.Exprs.rootOf(Operand) != Variable;
  });
  // The reference (not its root): its declaration names the variable.
  return OnlyLoaded ? *Ref : nullptr;
}

} // namespace mlirfe
} // namespace privateer
