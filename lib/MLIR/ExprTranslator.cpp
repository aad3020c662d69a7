//===- ExprTranslator.cpp - MLIR values to expressions --------------------===//
//
// Part of privateer. Values become privateer expressions (ExprTranslator.h):
// constants, values from outside the construct as invariant symbols, the
// integer arithmetic of `arith` and `affine.apply`, the thread number, and
// for Flang the loop variable read back from its private copy in memory.
// Anything else is an opaque value per work item. Loop variables and the
// team's symbols are made in LoopSymbols.cpp.
//
//===----------------------------------------------------------------------===//

#include "ExprTranslator.h"
#include "FlangOps.h"
#include "OpSemantics.h"
#include "RegionContext.h"
#include "privateer/Model/ValueRange.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace privateer {
namespace mlirfe {

std::string ExprTranslator::name(Value V) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  V.printAsOperand(OS, State.Names);
  return S;
}

Value ExprTranslator::rootOf(Value Ref, std::string *Name, Operation **Decl) {
  for (unsigned Steps = 0; Steps < MaxCallDepth + 1; ++Steps) {
    Ref = flang::rootOf(Ref, Name, Decl);
    auto Arg = dyn_cast<BlockArgument>(Ref);
    // (A mergeable task's firstprivate copy is its own: a task is merged
    // into the one that creates it only when it is undeferred or included,
    // and then it has finished before its creator goes on.)
    // A variable a target region maps: the host's.
    if (Value Mapped = Arg ? outerValue(Arg) : nullptr) {
      Ref = Mapped;
      continue;
    }
    // A host variable an internal procedure reaches through the host's
    // tuple of addresses: the address the host stored there.
    if (Value Host = hostAddress(Ref)) {
      if (Name)
        Name->clear();
      if (Decl)
        *Decl = nullptr;
      Ref = Host;
      continue;
    }
    auto It = Arg ? State.Bindings.find(Arg) : State.Bindings.end();
    if (It == State.Bindings.end())
      break;
    // A dummy argument is the actual argument, named as the caller names
    // it.
    if (Name)
      Name->clear();
    if (Decl)
      *Decl = nullptr;
    Ref = It->second;
  }
  // A global is one memory object in every function that declares it.
  std::string Key = flang::globalKey(Ref);
  if (!Key.empty() && State.GlobalRoots.empty()) {
    // The unit's function declares it first: one node per global for every
    // model of that function's constructs.
    if (auto Fn = State.Unit->getParentOfType<mlir::FunctionOpInterface>())
      Fn->walk([&](Operation *Op) {
        for (Value V : Op->getResults())
          if (std::string K = flang::globalKey(V); !K.empty())
            State.GlobalRoots.try_emplace(K, V);
      });
  }
  if (!Key.empty()) {
    auto [It, New] = State.GlobalRoots.try_emplace(Key, Ref);
    // Named by the declaration of the unit's function, where it has one.
    if (!New && It->second != Ref)
      for (Operation *User : It->second.getUsers())
        if (User->getName().getStringRef() == "hlfir.declare") {
          if (Name)
            Name->clear();
          if (Decl)
            *Decl = nullptr;
          flang::rootOf(User->getResult(0), Name, Decl);
          break;
        }
    return It->second;
  }
  return Ref;
}

Value ExprTranslator::hostAddress(Value Ref) {
  Operation *Load = Ref.getDefiningOp();
  if (!flang::loadedRef(Load))
    return nullptr;
  Operation *Slot = Load->getOperand(0).getDefiningOp();
  APInt Index;
  if (!Slot || Slot->getName().getStringRef() != "fir.coordinate_of" ||
      Slot->getNumOperands() != 2 ||
      !matchPattern(Slot->getOperand(1), m_ConstantInt(&Index)))
    return nullptr;
  Value Tuple = rootOf(Slot->getOperand(0));
  Operation *Alloc = Tuple.getDefiningOp();
  if (!Alloc || Alloc->getName().getStringRef() != "fir.alloca")
    return nullptr;
  // The host fills the tuple once, before the calls.
  Value Stored;
  for (Operation *User : Tuple.getUsers()) {
    APInt Other;
    if (User->getName().getStringRef() != "fir.coordinate_of" ||
        User->getNumOperands() != 2 ||
        !matchPattern(User->getOperand(1), m_ConstantInt(&Other)) ||
        Other != Index)
      continue;
    for (Operation *Store : User->getUsers())
      if (auto S = flang::storedValue(Store);
          S && S->second == User->getResult(0))
        Stored = S->first;
  }
  return Stored;
}

ExprRef ExprTranslator::affineExpr(AffineExpr E, ValueRange Dims,
                                   ValueRange Syms, unsigned Depth) {
  if (auto C = dyn_cast<AffineConstantExpr>(E))
    return Expr::constant(C.getValue());
  if (auto D = dyn_cast<AffineDimExpr>(E))
    return expr(Dims[D.getPosition()], Depth + 1);
  if (auto S = dyn_cast<AffineSymbolExpr>(E))
    return expr(Syms[S.getPosition()], Depth + 1);
  auto B = cast<AffineBinaryOpExpr>(E);
  ExprRef L = affineExpr(B.getLHS(), Dims, Syms, Depth + 1);
  ExprRef Rt = affineExpr(B.getRHS(), Dims, Syms, Depth + 1);
  switch (E.getKind()) {
  case AffineExprKind::Add:
    return Expr::binary(ExprKind::Add, L, Rt);
  case AffineExprKind::Mul:
    return Expr::binary(ExprKind::Mul, L, Rt);
  // Affine floordiv and mod round toward minus infinity; indices are
  // non-negative, where they agree with C's division.
  case AffineExprKind::FloorDiv:
    return Expr::binary(ExprKind::Div, L, Rt);
  case AffineExprKind::Mod:
    return Expr::binary(ExprKind::Mod, L, Rt);
  default:
    return nullptr;
  }
}

ExprRef ExprTranslator::arithmetic(Operation *D, unsigned Depth) {
  auto Bin = [&](ExprKind K) -> ExprRef {
    ExprRef L = expr(D->getOperand(0), Depth + 1);
    ExprRef Rt = expr(D->getOperand(1), Depth + 1);
    return Expr::binary(K, L, Rt);
  };
  if (isa<arith::AddIOp>(D))
    return Bin(ExprKind::Add);
  if (isa<arith::SubIOp>(D))
    return Bin(ExprKind::Sub);
  if (isa<arith::MulIOp>(D))
    return Bin(ExprKind::Mul);
  if (isa<arith::DivSIOp, arith::DivUIOp>(D))
    return Bin(ExprKind::Div);
  if (isa<arith::RemSIOp, arith::RemUIOp>(D))
    return Bin(ExprKind::Mod);
  if (isa<arith::ShLIOp>(D))
    return Bin(ExprKind::Shl);
  if (isa<arith::ShRSIOp, arith::ShRUIOp>(D))
    return Bin(ExprKind::Shr);
  if (isa<arith::MinSIOp, arith::MinUIOp>(D))
    return Bin(ExprKind::Min);
  if (ExprRef E = moduloValue(D, Depth))
    return E;
  if (isa<arith::AndIOp>(D) && !D->getResult(0).getType().isInteger(1))
    return bitAnd(D, Depth);
  // `select(a < b, a, b)` is how Flang spells min (and max with `>`).
  if (auto Select = dyn_cast<arith::SelectOp>(D))
    if (auto Cmp = Select.getCondition().getDefiningOp<arith::CmpIOp>()) {
      using P = arith::CmpIPredicate;
      P Pred = Cmp.getPredicate();
      bool Less =
          Pred == P::slt || Pred == P::sle || Pred == P::ult || Pred == P::ule;
      bool Greater =
          Pred == P::sgt || Pred == P::sge || Pred == P::ugt || Pred == P::uge;
      bool Same = Select.getTrueValue() == Cmp.getLhs() &&
                  Select.getFalseValue() == Cmp.getRhs();
      bool Swapped = Select.getTrueValue() == Cmp.getRhs() &&
                     Select.getFalseValue() == Cmp.getLhs();
      if ((Less || Greater) && (Same || Swapped)) {
        ExprRef L = expr(Cmp.getLhs(), Depth + 1);
        ExprRef Rt = expr(Cmp.getRhs(), Depth + 1);
        return Expr::binary((Less == Same) ? ExprKind::Min : ExprKind::Max, L,
                            Rt);
      }
    }
  if (isa<arith::MaxSIOp, arith::MaxUIOp>(D))
    return Bin(ExprKind::Max);
  // Integer conversions keep the value of every index a loop reaches.
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
          arith::ExtUIOp, arith::TruncIOp>(D))
    return expr(D->getOperand(0), Depth + 1);
  if (flang::isConversion(D))
    return expr(D->getOperand(0), Depth + 1);
  return nullptr;
}

ExprRef ExprTranslator::boundedSymbol(Value V, const ExprRef &From, ExprRef Lo,
                                      ExprRef Hi) {
  ExprRef E =
      newSymbol(V, SymbolKind::Opaque, !sameInEveryWorkItem(State.R, From));
  Symbol &S = State.R.Symbols[E->symbol()];
  S.Name = State.R.print(*From);
  S.Min = std::move(Lo);
  S.Max = std::move(Hi);
  return E;
}

ExprRef ExprTranslator::moduloValue(Operation *D, unsigned Depth) {
  // Flang's MODULO(x, m): `r = x rem m`, then `r + m` where r is not 0 and
  // has the sign opposite to m's: `select(r != 0 && (x ^ m) < 0, r + m, r)`.
  auto Select = dyn_cast<arith::SelectOp>(D);
  auto Rem =
      Select ? Select.getFalseValue().getDefiningOp<arith::RemSIOp>() : nullptr;
  auto Plus =
      Select ? Select.getTrueValue().getDefiningOp<arith::AddIOp>() : nullptr;
  if (!Rem || !Plus || Plus.getLhs() != Rem.getResult() ||
      Plus.getRhs() != Rem.getRhs())
    return nullptr;
  APInt M;
  if (!matchPattern(Rem.getRhs(), m_ConstantInt(&M)) || M.getBitWidth() > 64 ||
      M.isZero() || M.isMinSignedValue())
    return nullptr;
  // The result has the sign of m and a magnitude below |m|; for x >= 0 and
  // m > 0 it is the remainder the model knows.
  int64_t Mod = M.getSExtValue();
  ExprRef X = expr(Rem.getLhs(), Depth + 1);
  if (Mod > 0 && knownNonNegative(State.R, X))
    return Expr::binary(ExprKind::Mod, X, Expr::constant(Mod));
  ExprRef Lo = Expr::constant(Mod > 0 ? 0 : Mod + 1);
  ExprRef Hi = Expr::constant(Mod > 0 ? Mod - 1 : 0);
  ExprRef E = boundedSymbol(D->getResult(0), X, Lo, Hi);
  State.R.Symbols[E->symbol()].Name =
      "modulo(" + State.R.print(*X) + ", " + std::to_string(Mod) + ")";
  return E;
}

ExprRef ExprTranslator::bitAnd(Operation *D, unsigned Depth) {
  // IAND(x, 2^k - 1) is MODULO(x, 2^k) for x >= 0, and any IAND with a
  // mask that is not negative lies between 0 and the mask.
  ExprRef L = expr(D->getOperand(0), Depth + 1);
  ExprRef Rt = expr(D->getOperand(1), Depth + 1);
  for (auto [X, Mask] : {std::pair(L, Rt), std::pair(Rt, L)})
    if (ExprRef Remainder = maskedRemainder(State.R, X, Mask))
      return Remainder;
  ExprRef Top = bitAndUpperBound(State.R, L, Rt);
  ExprRef Both = Expr::binary(ExprKind::Add, L, Rt);
  ExprRef E = boundedSymbol(D->getResult(0), Both,
                            Top ? Expr::constant(0) : nullptr, Top);
  State.R.Symbols[E->symbol()].Name =
      "iand(" + State.R.print(*L) + ", " + State.R.print(*Rt) + ")";
  return E;
}

ExprRef ExprTranslator::newSymbol(Value V, SymbolKind K, bool Dependent) {
  Symbol S;
  S.Name = name(V);
  S.Kind = K;
  S.IterationDependent = Dependent;
  SymbolId Id = State.R.addSymbol(std::move(S));
  State.Symbols[V] = Id;
  return Expr::symbol(Id);
}

ExprRef ExprTranslator::expr(Value V, unsigned Depth) {
  APInt C;
  // (A constant past int64_t is modelled as the value it is not.)
  // An `i1` is a truth value: true is 1 (Fortran's `.true.`), not -1.
  if (matchPattern(V, m_ConstantInt(&C)) && C.getBitWidth() == 1)
    return Expr::constant(C.getZExtValue());
  if (matchPattern(V, m_ConstantInt(&C)))
    if (std::optional<int64_t> Fits = C.trySExtValue())
      return Expr::constant(*Fits);
  auto It = State.Symbols.find(V);
  if (It != State.Symbols.end())
    return Expr::symbol(It->second);
  // A dummy argument passed by value: the actual argument; what the host
  // evaluates for a target region (its loops' bounds): the host's value.
  if (auto Arg = dyn_cast<BlockArgument>(V)) {
    if (auto It = State.Bindings.find(Arg); It != State.Bindings.end())
      return expr(It->second, Depth + 1);
    if (Value Host = outerValue(Arg); Host && Depth < MaxExprDepth)
      return expr(Host, Depth + 1);
  }
  // Values from outside the unit are the same for every work item: their
  // arithmetic is translated as any other (`n - 1` computed before the
  // loop), and anything else is a symbol.
  bool Outside = !Ctx.Follower.insideUnit(V);
  if (Outside)
    if (ExprRef E = outsideValue(V, Depth))
      return E;
  if (auto Arg = dyn_cast<BlockArgument>(V))
    if (ExprRef E = doVariable(Arg, Depth))
      return E;
  Operation *D = V.getDefiningOp();
  if (!D || Depth > MaxExprDepth)
    return Outside ? newSymbol(V, SymbolKind::Invariant, false)
                   : newSymbol(V, SymbolKind::Opaque, true);
  if (ExprRef E = arithmetic(D, Depth))
    return E;
  llvm::StringRef Callee = calleeName(D);
  KnownCallee Known = knownCallee(Callee);
  if ((Known == KnownCallee::OmpGetThreadNum &&
       State.Kind != UnitKind::League) ||
      (Known == KnownCallee::OmpGetTeamNum && State.Kind == UnitKind::League))
    return Expr::symbol(threadIdSymbol());
  if ((Known == KnownCallee::OmpGetNumThreads &&
       State.Kind != UnitKind::League) ||
      (Known == KnownCallee::OmpGetNumTeams && State.Kind == UnitKind::League))
    return Expr::symbol(teamSizeSymbol());
  // What a function of the module returns, its dummies bound to the
  // actual arguments.
  if (ExprRef E = Ctx.Follower.calleeResult(D, Depth))
    return E;
  if (auto Ref = flang::loadedRef(D))
    if (ExprRef E = Ctx.Facts.loadedValue(D, *Ref, Depth))
      return E;
  if (auto Apply = dyn_cast<affine::AffineApplyOp>(D)) {
    AffineMap M = Apply.getAffineMap();
    if (M.getNumResults() == 1)
      if (ExprRef E = affineExpr(M.getResult(0), Apply.getDimOperands(),
                                 Apply.getSymbolOperands(), Depth))
        return E;
  }
  return unmodelledValue(V, D, Outside, Callee);
}

ExprRef ExprTranslator::outsideValue(Value V, unsigned Depth) {
  Operation *D = V.getDefiningOp();
  // One symbol for every load of an unchanged Fortran variable (`n`).
  if (auto Ref = flang::loadedRef(D))
    if (ExprRef E = Ctx.Facts.loadedValue(D, *Ref, Depth))
      return E;
  bool Arithmetic =
      D && Depth <= MaxExprDepth &&
      (flang::isConversion(D) ||
       isa<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::IndexCastOp,
           arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp, arith::SelectOp,
           arith::MaxSIOp, arith::MinSIOp>(D));
  if (Arithmetic)
    return nullptr;
  ExprRef E = newSymbol(V, SymbolKind::Invariant, false);
  std::string Fortran = fortranName(V);
  if (!Fortran.empty())
    State.R.Symbols[E->symbol()].Name = Fortran;
  return E;
}

ExprRef ExprTranslator::doVariable(BlockArgument Arg, unsigned Depth) {
  // Flang counts a `do` variable in an iteration argument that starts at
  // the loop's lower bound and moves with it: the loop's own value.
  Operation *Owner = Arg.getOwner()->getParentOp();
  auto Strip = [](Value X) {
    while (Operation *C = X.getDefiningOp()) {
      if (!flang::isConversion(C))
        break;
      X = C->getOperand(0);
    }
    return X;
  };
  unsigned Init = 3 + Arg.getArgNumber() - 1;
  if (flang::isDoLoop(Owner) && Arg.getArgNumber() >= 1 &&
      Init < Owner->getNumOperands() &&
      Strip(Owner->getOperand(Init)) == Strip(Owner->getOperand(0)))
    return expr(Arg.getOwner()->getArgument(0), Depth + 1);
  return nullptr;
}

ExprRef ExprTranslator::unmodelledValue(Value V, Operation *D, bool Outside,
                                        llvm::StringRef Callee) {
  // A load, a call, arithmetic we do not model: a value per work item (one
  // value for all when made outside the unit).
  ExprRef E = Outside ? newSymbol(V, SymbolKind::Invariant, false)
                      : newSymbol(V, SymbolKind::Opaque, true);
  // What a function whose body is not here returns is not known: a branch
  // that tests it may select one work item.
  if (!Callee.empty() && !visibleCallee(D) &&
      !(calleeFamilies(Callee) &
        (callee::OpenMPRuntime | callee::FortranRuntime)))
    State.UnseenResults[E->symbol()] = flang::procedureName(Callee);
  std::string Fortran = fortranName(V);
  if (!Fortran.empty())
    State.R.Symbols[E->symbol()].Name = Fortran;
  return E;
}

std::string ExprTranslator::fortranName(Value V) {
  Operation *D = V.getDefiningOp();
  auto Ref = flang::loadedRef(D);
  if (!Ref)
    return "";
  std::string Name;
  Value Base;
  llvm::SmallVector<Value> Indices;
  if (!flang::elementOf(*Ref, Base, Indices)) {
    rootOf(*Ref, &Name);
    return Name;
  }
  // An element: `keys(i)`, as the source writes it.
  rootOf(Base, &Name);
  if (Name.empty())
    return "";
  for (size_t K = 0; K < Indices.size(); ++K)
    Name += (K ? ", " : "(") + State.R.print(*expr(Indices[K]));
  return Name + ")";
}

} // namespace mlirfe
} // namespace privateer
