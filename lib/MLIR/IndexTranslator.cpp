//===- IndexTranslator.cpp - MLIR values to symbolic index expressions ----===//
//
// Part of privateer. Values become privateer expressions: constants, loop
// variables with their bounds (the work items' and the sequential loops'
// inside them), values from outside the construct as invariant symbols, the
// integer arithmetic of `arith` and `affine.apply`, the thread number, and
// for Flang the loop variable read back from its private copy in memory.
// Anything else is an opaque value per work item.
//
//===----------------------------------------------------------------------===//

#include "Constructs.h"
#include "FlangOps.h"
#include "OpSemantics.h"
#include "RegionModeler.h"
#include "privateer/Model/ValueRange.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace mlir;

namespace privateer {
namespace mlirfe {

std::string RegionModeler::name(Value V) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  V.printAsOperand(OS, Names);
  return S;
}

Value RegionModeler::rootOf(Value Ref, std::string *Name, Operation **Decl) {
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
    auto It = Arg ? Bindings.find(Arg) : Bindings.end();
    if (It == Bindings.end())
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
  if (!Key.empty() && GlobalRoots.empty()) {
    // The unit's function declares it first: one node per global for every
    // model of that function's constructs.
    if (auto Fn = Unit->getParentOfType<mlir::FunctionOpInterface>())
      Fn->walk([&](Operation *Op) {
        for (Value V : Op->getResults())
          if (std::string K = flang::globalKey(V); !K.empty())
            GlobalRoots.try_emplace(K, V);
      });
  }
  if (!Key.empty()) {
    auto [It, New] = GlobalRoots.try_emplace(Key, Ref);
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

Value RegionModeler::hostAddress(Value Ref) {
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

bool RegionModeler::definedInside(Value V, Operation *Op) {
  Operation *Owner = V.getDefiningOp();
  if (!Owner)
    Owner = cast<BlockArgument>(V).getOwner()->getParentOp();
  return Owner && Op->isAncestor(Owner);
}

std::optional<int64_t> RegionModeler::constantOf(Bound B) {
  if (auto *E = std::get_if<ExprRef>(&B))
    return *E && (*E)->kind() == ExprKind::Constant
               ? std::optional<int64_t>((*E)->value())
               : std::nullopt;
  OpFoldResult F = std::get<OpFoldResult>(B);
  // Constants wider than 64 bits (i128) that do not fit are unknown.
  if (auto A = dyn_cast_if_present<Attribute>(F)) {
    if (auto I = dyn_cast<IntegerAttr>(A))
      return I.getValue().trySExtValue();
    return std::nullopt;
  }
  APInt C;
  if (Value V = dyn_cast_if_present<Value>(F);
      V && matchPattern(V, m_ConstantInt(&C)))
    return C.trySExtValue();
  return std::nullopt;
}

ExprRef RegionModeler::boundExpr(Bound B) {
  if (auto *E = std::get_if<ExprRef>(&B))
    return *E;
  if (std::optional<int64_t> C = constantOf(B))
    return Expr::constant(*C);
  return expr(cast<Value>(std::get<OpFoldResult>(B)));
}

std::optional<int64_t> RegionModeler::lastOnLattice(int64_t Lb, int64_t Ub,
                                                    bool Inclusive,
                                                    int64_t Step) {
  // User constants: a value past int64_t leaves the bound symbolic.
  std::optional<int64_t> Last =
      Inclusive ? std::optional<int64_t>(Ub) : llvm::checkedSub<int64_t>(Ub, 1);
  if (!Last || Step <= 0)
    return std::nullopt;
  if (*Last < Lb)
    return llvm::checkedSub<int64_t>(Lb, 1); // no value
  std::optional<int64_t> Span = llvm::checkedSub<int64_t>(*Last, Lb);
  if (!Span)
    return std::nullopt;
  return Lb + *Span / Step * Step; // at most Last
}

SymbolId RegionModeler::loopSymbol(Value IV, SymbolKind Kind, Bound Lb,
                                   Bound Ub, Bound Step, bool Inclusive) {
  Symbol S;
  S.Name = name(IV);
  S.Kind = Kind;
  // Flang stores the loop's value into the Fortran variable's private copy
  // (a `do` loop through an iteration argument): name it so.
  llvm::SmallVector<Value> Carriers{IV};
  if (auto Arg = dyn_cast<BlockArgument>(IV))
    if (flang::isDoLoop(Arg.getOwner()->getParentOp()))
      for (Value V : Arg.getOwner()->getArguments().drop_front())
        Carriers.push_back(V);
  for (Value C : Carriers)
    for (Operation *U : C.getUsers())
      if (auto Stored = flang::storedValue(U); Stored && Stored->first == C) {
        std::string Fortran;
        flang::rootOf(Stored->second, &Fortran);
        if (!Fortran.empty() && S.Name == name(IV))
          S.Name = Fortran;
      }
  ExprRef LbE = boundExpr(Lb), UbE = boundExpr(Ub);
  std::optional<int64_t> StC = constantOf(Step);
  // A step of INT64_MIN has no magnitude in an int64_t: like a symbolic
  // step, it is taken as 1 (every value between the bounds).
  if (StC && *StC == INT64_MIN)
    StC.reset();
  int64_t St = StC && *StC ? *StC : 1;
  S.Step = St < 0 ? -St : St;
  if (St < 0) {
    // A descending loop (Flang's `do i = n, 1, -1`): from Lb down to Ub.
    S.Descending = true;
    S.Max = LbE;
    S.Min =
        Inclusive ? UbE : Expr::binary(ExprKind::Add, UbE, Expr::constant(1));
  } else {
    S.Min = LbE;
    S.Max =
        Inclusive ? UbE : Expr::binary(ExprKind::Sub, UbE, Expr::constant(1));
    if (LbE->kind() == ExprKind::Constant &&
        UbE->kind() == ExprKind::Constant && StC)
      // The last value the lattice reaches, so the solver never picks one
      // between the steps.
      if (auto Last = lastOnLattice(LbE->value(), UbE->value(), Inclusive, St))
        S.Max = Expr::constant(*Last);
  }
  SymbolId Id = R.addSymbol(std::move(S));
  Symbols[IV] = Id;
  return Id;
}

ExprRef RegionModeler::affineExpr(AffineExpr E, ValueRange Dims,
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

ExprRef RegionModeler::arithmetic(Operation *D, unsigned Depth) {
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

ExprRef RegionModeler::boundedSymbol(Value V, const ExprRef &From, ExprRef Lo,
                                     ExprRef Hi) {
  ExprRef E = newSymbol(V, SymbolKind::Opaque, !sameInEveryWorkItem(R, From));
  Symbol &S = R.Symbols[E->symbol()];
  S.Name = R.print(*From);
  S.Min = std::move(Lo);
  S.Max = std::move(Hi);
  return E;
}

ExprRef RegionModeler::moduloValue(Operation *D, unsigned Depth) {
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
  if (Mod > 0 && knownNonNegative(R, X))
    return Expr::binary(ExprKind::Mod, X, Expr::constant(Mod));
  ExprRef Lo = Expr::constant(Mod > 0 ? 0 : Mod + 1);
  ExprRef Hi = Expr::constant(Mod > 0 ? Mod - 1 : 0);
  ExprRef E = boundedSymbol(D->getResult(0), X, Lo, Hi);
  R.Symbols[E->symbol()].Name =
      "modulo(" + R.print(*X) + ", " + std::to_string(Mod) + ")";
  return E;
}

ExprRef RegionModeler::bitAnd(Operation *D, unsigned Depth) {
  // IAND(x, 2^k - 1) is MODULO(x, 2^k) for x >= 0, and any IAND with a
  // mask that is not negative lies between 0 and the mask.
  ExprRef L = expr(D->getOperand(0), Depth + 1);
  ExprRef Rt = expr(D->getOperand(1), Depth + 1);
  for (auto [X, Mask] : {std::pair(L, Rt), std::pair(Rt, L)})
    if (ExprRef Remainder = maskedRemainder(R, X, Mask))
      return Remainder;
  ExprRef Top = bitAndUpperBound(R, L, Rt);
  ExprRef Both = Expr::binary(ExprKind::Add, L, Rt);
  ExprRef E = boundedSymbol(D->getResult(0), Both,
                            Top ? Expr::constant(0) : nullptr, Top);
  R.Symbols[E->symbol()].Name =
      "iand(" + R.print(*L) + ", " + R.print(*Rt) + ")";
  return E;
}

ExprRef RegionModeler::newSymbol(Value V, SymbolKind K, bool Dependent) {
  Symbol S;
  S.Name = name(V);
  S.Kind = K;
  S.IterationDependent = Dependent;
  SymbolId Id = R.addSymbol(std::move(S));
  Symbols[V] = Id;
  return Expr::symbol(Id);
}

ExprRef RegionModeler::expr(Value V, unsigned Depth) {
  APInt C;
  // (A constant past int64_t is modelled as the value it is not.)
  // An `i1` is a truth value: true is 1 (Fortran's `.true.`), not -1.
  if (matchPattern(V, m_ConstantInt(&C)) && C.getBitWidth() == 1)
    return Expr::constant(C.getZExtValue());
  if (matchPattern(V, m_ConstantInt(&C)))
    if (std::optional<int64_t> Fits = C.trySExtValue())
      return Expr::constant(*Fits);
  auto It = Symbols.find(V);
  if (It != Symbols.end())
    return Expr::symbol(It->second);
  // A dummy argument passed by value: the actual argument; what the host
  // evaluates for a target region (its loops' bounds): the host's value.
  if (auto Arg = dyn_cast<BlockArgument>(V)) {
    if (auto It = Bindings.find(Arg); It != Bindings.end())
      return expr(It->second, Depth + 1);
    if (Value Host = outerValue(Arg); Host && Depth < MaxExprDepth)
      return expr(Host, Depth + 1);
  }
  // Values from outside the unit are the same for every work item: their
  // arithmetic is translated as any other (`n - 1` computed before the
  // loop), and anything else is a symbol.
  bool Outside = !insideUnit(V);
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
  if ((Known == KnownCallee::OmpGetThreadNum && Kind != UnitKind::League) ||
      (Known == KnownCallee::OmpGetTeamNum && Kind == UnitKind::League))
    return Expr::symbol(threadIdSymbol());
  if ((Known == KnownCallee::OmpGetNumThreads && Kind != UnitKind::League) ||
      (Known == KnownCallee::OmpGetNumTeams && Kind == UnitKind::League))
    return Expr::symbol(teamSizeSymbol());
  // What a function of the module returns, its dummies bound to the
  // actual arguments.
  if (ExprRef E = calleeResult(D, Depth))
    return E;
  if (auto Ref = flang::loadedRef(D))
    if (ExprRef E = loadedValue(D, *Ref, Depth))
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

ExprRef RegionModeler::outsideValue(Value V, unsigned Depth) {
  Operation *D = V.getDefiningOp();
  // One symbol for every load of an unchanged Fortran variable (`n`).
  if (auto Ref = flang::loadedRef(D))
    if (ExprRef E = loadedValue(D, *Ref, Depth))
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
    R.Symbols[E->symbol()].Name = Fortran;
  return E;
}

ExprRef RegionModeler::doVariable(BlockArgument Arg, unsigned Depth) {
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

ExprRef RegionModeler::unmodelledValue(Value V, Operation *D, bool Outside,
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
    UnseenResults[E->symbol()] = flang::procedureName(Callee);
  std::string Fortran = fortranName(V);
  if (!Fortran.empty())
    R.Symbols[E->symbol()].Name = Fortran;
  return E;
}

ExprRef RegionModeler::calleeResult(Operation *Call, unsigned Depth) {
  Operation *Callee = visibleCallee(Call);
  auto Own = Unit->getParentOfType<mlir::FunctionOpInterface>();
  if (!Callee || Call->getNumResults() != 1 || Depth > MaxExprDepth ||
      Calls.size() >= MaxCallDepth || Callee == Own.getOperation() ||
      llvm::any_of(Calls,
                   [&](const CallFrame &F) { return F.Callee == Callee; }))
    return nullptr;
  auto Fn = cast<mlir::FunctionOpInterface>(Callee);
  Block &Entry = Fn.getFunctionBody().front();
  Operation *Return = nullptr;
  unsigned Returns = 0;
  Callee->walk([&](Operation *Op) {
    if (Op->hasTrait<OpTrait::ReturnLike>() && Op->getParentOp() == Callee) {
      Return = Op;
      ++Returns;
    }
  });
  if (Returns != 1 || Return->getNumOperands() != 1 ||
      Entry.getNumArguments() != Call->getNumOperands())
    return nullptr;
  Calls.push_back({Call, Callee, Context()});
  for (unsigned K = 0; K < Entry.getNumArguments(); ++K)
    Bindings[Entry.getArgument(K)] = Call->getOperand(K);
  ExprRef E = expr(Return->getOperand(0), Depth + 1);
  forgetCallee(Callee);
  for (unsigned K = 0; K < Entry.getNumArguments(); ++K)
    Bindings.erase(Entry.getArgument(K));
  Calls.pop_back();
  return E;
}

void RegionModeler::forgetCallee(Operation *Callee) {
  // Another call binds the callee's values anew.
  llvm::SmallVector<Value> Stale;
  for (auto &[V, Id] : Symbols) {
    Operation *D = V.getDefiningOp();
    if (!D)
      D = cast<BlockArgument>(V).getOwner()->getParentOp();
    if (D && Callee->isAncestor(D))
      Stale.push_back(V);
  }
  for (Value V : Stale)
    Symbols.erase(V);
}

ExprRef RegionModeler::sectionVariable(ExprRef LoE, ExprRef HiE,
                                       int64_t Step64) {
  // Not keyed by a value: each section's variable is its own.
  Symbol S;
  S.Name = "section";
  S.Kind = SymbolKind::InnerLoop;
  // (INT64_MIN, whose magnitude no int64_t holds, as 1: every value.)
  if (Step64 == INT64_MIN)
    Step64 = 1;
  S.Step = Step64 < 0 ? -Step64 : Step64;
  if (Step64 < 0) {
    // `a(hi:lo:-1)`: from the first value down to the last.
    S.Descending = true;
    S.Max = LoE;
    S.Min = HiE;
  } else {
    S.Min = LoE;
    S.Max = HiE;
    // The last value the step reaches, as for loops.
    if (LoE->kind() == ExprKind::Constant && HiE->kind() == ExprKind::Constant)
      if (auto Last = lastOnLattice(LoE->value(), HiE->value(), true, Step64))
        S.Max = Expr::constant(*Last);
  }
  return Expr::symbol(R.addSymbol(std::move(S)));
}

bool RegionModeler::addParallelVars(Operation *Op, SymbolKind Kind) {
  std::vector<SymbolId> Vars;
  if (auto Par = dyn_cast<scf::ParallelOp>(Op)) {
    for (unsigned K = 0; K < Par.getNumLoops(); ++K)
      Vars.push_back(loopSymbol(Par.getInductionVars()[K], Kind,
                                OpFoldResult(Par.getLowerBound()[K]),
                                OpFoldResult(Par.getUpperBound()[K]),
                                OpFoldResult(Par.getStep()[K]), false));
  } else if (auto Forall = dyn_cast<scf::ForallOp>(Op)) {
    auto Lbs = Forall.getMixedLowerBound(), Ubs = Forall.getMixedUpperBound(),
         Steps = Forall.getMixedStep();
    auto IVs = Forall.getInductionVars();
    for (unsigned K = 0; K < IVs.size(); ++K)
      Vars.push_back(loopSymbol(IVs[K], Kind, Lbs[K], Ubs[K], Steps[K], false));
  } else if (auto Par = dyn_cast<affine::AffineParallelOp>(Op)) {
    // One bound expression per dimension (max/min of several is not
    // modelled: the loop is left alone).
    auto Steps = Par.getSteps();
    for (unsigned K = 0; K < Par.getNumDims(); ++K) {
      AffineMap Lb = Par.getLowerBoundMap(K), Ub = Par.getUpperBoundMap(K);
      if (Lb.getNumResults() != 1 || Ub.getNumResults() != 1)
        return false;
      auto LbOps = Par.getLowerBoundsOperands();
      auto UbOps = Par.getUpperBoundsOperands();
      ExprRef LbE =
          affineExpr(Lb.getResult(0), LbOps.take_front(Lb.getNumDims()),
                     LbOps.drop_front(Lb.getNumDims()), 0);
      ExprRef UbE =
          affineExpr(Ub.getResult(0), UbOps.take_front(Ub.getNumDims()),
                     UbOps.drop_front(Ub.getNumDims()), 0);
      if (!LbE || !UbE)
        return false;
      Vars.push_back(loopSymbol(Par.getIVs()[K], Kind, LbE, UbE,
                                Expr::constant(Steps[K]), false));
    }
  } else {
    return false;
  }
  if (Kind == SymbolKind::Induction)
    R.WorkItemVars = Vars;
  return true;
}

void RegionModeler::registerInnerLoops(Operation *Op) {
  // Sequential loops (and nested parallel loops, sequential within one work
  // item of this loop) inside the body: their variables range over their
  // bounds.
  if (auto For = dyn_cast<scf::ForOp>(Op)) {
    loopSymbol(For.getInductionVar(), SymbolKind::InnerLoop,
               For.getLowerBound(), For.getUpperBound(), For.getStep(), false);
  } else if (auto For = dyn_cast<affine::AffineForOp>(Op)) {
    if (For.hasConstantBounds())
      loopSymbol(For.getInductionVar(), SymbolKind::InnerLoop,
                 Expr::constant(For.getConstantLowerBound()),
                 Expr::constant(For.getConstantUpperBound()),
                 Expr::constant(For.getStepAsInt()), false);
  } else if (addParallelVars(Op, SymbolKind::InnerLoop)) {
  } else if (flang::isDoLoop(Op) && Op->getNumOperands() >= 3 &&
             Op->getNumRegions() == 1 && !Op->getRegion(0).empty()) {
    // `fir.do_loop %j = %lb to %ub step %s`: the upper bound is inclusive.
    loopSymbol(Op->getRegion(0).getArgument(0), SymbolKind::InnerLoop,
               Op->getOperand(0), Op->getOperand(1), Op->getOperand(2), true);
  } else if (auto Nest = dyn_cast<omp::LoopNestOp>(Op)) {
    for (unsigned K = 0; K < Nest.getNumLoops(); ++K)
      loopSymbol(Nest.getIVs()[K], SymbolKind::InnerLoop,
                 Nest.getLoopLowerBounds()[K], Nest.getLoopUpperBounds()[K],
                 Nest.getLoopSteps()[K], Nest.getLoopInclusive());
  }
}

bool RegionModeler::lastIterationOnly(Value Condition, unsigned Depth) {
  // Flang's `lastprivate` copy-out runs where `iv + step` passes the upper
  // bound of every loop of the nest (`and` of one test per collapsed loop).
  auto NestOp = dyn_cast_or_null<omp::LoopNestOp>(Nest);
  if (!NestOp)
    return false;
  std::vector<bool> Tested(NestOp.getNumLoops(), false);
  return lastIterationTests(Condition, Tested, Depth) &&
         llvm::all_of(Tested, [](bool T) { return T; });
}

bool RegionModeler::lastIterationTests(Value Condition,
                                       std::vector<bool> &Tested,
                                       unsigned Depth) {
  // One loop's test: `select(step < 0, iv + step < ub, iv + step > ub)`.
  auto NestOp = cast<omp::LoopNestOp>(Nest);
  Operation *D = Condition.getDefiningOp();
  if (!D || Depth > 8)
    return false;
  if (auto And = dyn_cast<arith::AndIOp>(D))
    return lastIterationTests(And.getLhs(), Tested, Depth + 1) &&
           lastIterationTests(And.getRhs(), Tested, Depth + 1);
  if (auto Select = dyn_cast<arith::SelectOp>(D)) {
    // The step's sign, compared with constants.
    auto Sign = Select.getCondition().getDefiningOp<arith::CmpIOp>();
    APInt L, Rt;
    if (!Sign || !matchPattern(Sign.getLhs(), m_ConstantInt(&L)) ||
        !matchPattern(Sign.getRhs(), m_ConstantInt(&Rt)))
      return false;
    if (!L.trySExtValue() || !Rt.trySExtValue())
      return false;
    int64_t A = *L.trySExtValue(), B = *Rt.trySExtValue();
    std::optional<bool> Chosen;
    switch (Sign.getPredicate()) {
    case arith::CmpIPredicate::slt:
      Chosen = A < B;
      break;
    case arith::CmpIPredicate::sgt:
      Chosen = A > B;
      break;
    case arith::CmpIPredicate::sle:
      Chosen = A <= B;
      break;
    case arith::CmpIPredicate::sge:
      Chosen = A >= B;
      break;
    default:
      return false;
    }
    return lastIterationTests(*Chosen ? Select.getTrueValue()
                                      : Select.getFalseValue(),
                              Tested, Depth + 1);
  }
  auto Cmp = dyn_cast<arith::CmpIOp>(D);
  if (!Cmp || !NestOp.getLoopInclusive())
    return false;
  for (unsigned K = 0; K < NestOp.getNumLoops(); ++K) {
    Value IV = NestOp.getIVs()[K];
    // Flang loads the bound again for the test: compare what they are.
    auto IsUb = [&](Value V) {
      return expr(V)->equals(*expr(NestOp.getLoopUpperBounds()[K]));
    };
    // (A target region's loop has its step from the host.)
    ExprRef Step = expr(NestOp.getLoopSteps()[K]);
    if (Step->kind() != ExprKind::Constant)
      continue;
    int64_t St = Step->value();
    // `iv == ub` names the last iteration of an ascending loop with step 1.
    if (Cmp.getPredicate() == arith::CmpIPredicate::eq && St == 1 &&
        ((Cmp.getLhs() == IV && IsUb(Cmp.getRhs())) ||
         (IsUb(Cmp.getLhs()) && Cmp.getRhs() == IV)))
      return Tested[K] = true;
    auto Next = Cmp.getLhs().getDefiningOp<arith::AddIOp>();
    APInt Added;
    if (!Next ||
        !((Next.getLhs() == IV &&
           matchPattern(Next.getRhs(), m_ConstantInt(&Added))) ||
          (Next.getRhs() == IV &&
           matchPattern(Next.getLhs(), m_ConstantInt(&Added)))) ||
        Added.trySExtValue() != St || !IsUb(Cmp.getRhs()))
      continue;
    if ((St > 0 && Cmp.getPredicate() == arith::CmpIPredicate::sgt) ||
        (St < 0 && Cmp.getPredicate() == arith::CmpIPredicate::slt))
      return Tested[K] = true;
  }
  return false;
}

SymbolId RegionModeler::threadIdSymbol() {
  if (ThreadId)
    return *ThreadId;
  Symbol S;
  S.Name = Kind == UnitKind::League ? "team" : "thread";
  S.Kind = SymbolKind::ThreadId;
  S.Min = Expr::constant(0);
  if (R.NumThreads && R.NumThreads->kind() == ExprKind::Constant)
    if (auto Last = llvm::checkedSub<int64_t>(R.NumThreads->value(), 1))
      S.Max = Expr::constant(*Last);
  ThreadId = R.addSymbol(std::move(S));
  return *ThreadId;
}

SymbolId RegionModeler::teamSizeSymbol() {
  if (TeamSize)
    return *TeamSize;
  Symbol S;
  S.Name = Kind == UnitKind::League ? "omp_get_num_teams()"
                                    : "omp_get_num_threads()";
  S.Kind = SymbolKind::Invariant;
  S.IterationDependent = false;
  S.Min = Expr::constant(1);
  if (R.NumThreads && R.NumThreads->kind() == ExprKind::Constant)
    S.Min = S.Max = R.NumThreads;
  TeamSize = R.addSymbol(std::move(S));
  // 0 <= thread < the team's size.
  if (ThreadId && !R.Symbols[*ThreadId].Max)
    R.Symbols[*ThreadId].Max =
        Expr::binary(ExprKind::Sub, Expr::symbol(*TeamSize), Expr::constant(1));
  return *TeamSize;
}

ExprRef RegionModeler::pinnedValue(Value Condition) {
  auto Cmp = Condition.getDefiningOp<arith::CmpIOp>();
  if (!Cmp || Cmp.getPredicate() != arith::CmpIPredicate::eq ||
      R.WorkItemVars.size() != 1)
    return nullptr;
  ExprRef L = expr(Cmp.getLhs()), Rt = expr(Cmp.getRhs());
  auto IsItem = [&](const ExprRef &E) {
    return E->kind() == ExprKind::Symbol && R.isWorkItemVar(E->symbol());
  };
  if (IsItem(L) && !R.dependsOnWorkItem(*Rt))
    return Rt;
  if (IsItem(Rt) && !R.dependsOnWorkItem(*L))
    return L;
  return nullptr;
}

bool RegionModeler::teamOfOneTest(Value Condition) {
  auto Cmp = dyn_cast_or_null<arith::CmpIOp>(Condition.getDefiningOp());
  if (!Cmp || Cmp.getPredicate() != arith::CmpIPredicate::eq)
    return false;
  // (Translating the sides makes the team's size a symbol where they call
  // omp_get_num_threads.)
  ExprRef L = expr(Cmp.getLhs()), Rt = expr(Cmp.getRhs());
  if (!TeamSize)
    return false;
  auto IsTeamSize = [&](const ExprRef &E) {
    return E->kind() == ExprKind::Symbol && E->symbol() == *TeamSize;
  };
  auto IsOne = [](const ExprRef &E) {
    return E->kind() == ExprKind::Constant && E->value() == 1;
  };
  return (IsTeamSize(L) && IsOne(Rt)) || (IsTeamSize(Rt) && IsOne(L));
}

bool RegionModeler::oneThreadOnly(Value Condition) {
  Operation *D = Condition.getDefiningOp();
  if (auto And = dyn_cast_or_null<arith::AndIOp>(D))
    return oneThreadOnly(And.getLhs()) || oneThreadOnly(And.getRhs());
  // `tid == 1 .or. nthreads == 1`: in a team of one its only thread, in a
  // larger team the one thread the other side selects.
  if (auto Or = dyn_cast_or_null<arith::OrIOp>(D))
    return (teamOfOneTest(Or.getLhs()) && oneThreadOnly(Or.getRhs())) ||
           (teamOfOneTest(Or.getRhs()) && oneThreadOnly(Or.getLhs()));
  auto Cmp = dyn_cast_or_null<arith::CmpIOp>(D);
  if (!Cmp || Cmp.getPredicate() != arith::CmpIPredicate::eq)
    return false;
  // `omp_get_num_threads() == 1`: the serial path of a team of one.
  if (teamOfOneTest(Condition))
    return true;
  ExprRef L = expr(Cmp.getLhs()), Rt = expr(Cmp.getRhs());
  // (In a region every thread runs, the thread is the work item.)
  auto IsThread = [&](const ExprRef &E) {
    return E->kind() == ExprKind::Symbol &&
           R.symbol(E->symbol()).Kind == SymbolKind::ThreadId;
  };
  // `tid == k`, `tid == nthreads - 1`: one thread of the team.
  return (IsThread(L) && !R.dependsOnWorkItem(*Rt)) ||
         (IsThread(Rt) && !R.dependsOnWorkItem(*L));
}

std::string RegionModeler::fortranName(Value V) {
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
    Name += (K ? ", " : "(") + R.print(*expr(Indices[K]));
  return Name + ")";
}

namespace {
/// Whether \p Call may write the memory \p Root: it is passed to the call
/// (Fortran passes by reference), or the call's function (of the module,
/// \p Depth levels deep) writes the global \p Key.
bool callMayWrite(Operation *Call, Value Root, const std::string &Key,
                  unsigned Depth) {
  for (Value Operand : Call->getOperands())
    if (flang::rootOf(Operand) == Root)
      return true;
  if (Key.empty())
    return false;
  Operation *Callee = visibleCallee(Call);
  if (!Callee || Depth == 0)
    return false;
  bool Writes = false;
  Callee->walk([&](Operation *W) {
    if (auto Stored = flang::storedValue(W))
      Writes |= flang::globalKey(flang::rootOf(Stored->second)) == Key;
    else if (!calleeName(W).empty())
      Writes |= callMayWrite(W, Value(), Key, Depth - 1);
  });
  return Writes;
}
} // namespace

bool RegionModeler::writtenInUnit(Value Root) {
  std::string Key = flang::globalKey(Root);
  bool Written = false;
  auto Check = [&](Operation *W) {
    if (auto Stored = flang::storedValue(W))
      Written |= rootOf(Stored->second) == Root;
    else if (!calleeName(W).empty() &&
             !(calleeFamilies(calleeName(W)) & callee::FortranRuntime))
      Written |= callMayWrite(W, Root, Key, MaxCallDepth);
  };
  if (Body.empty())
    Unit->walk(Check);
  for (Operation *Op : Body)
    Op->walk(Check);
  return Written;
}

Operation *RegionModeler::nearestWriter(Operation *Load, Value Root,
                                        Operation *Within) {
  // The write that reaches the load: before it in an enclosing block, the
  // innermost such block, the last write there. A write in the entry block
  // of a region of several blocks (a loop body left by `cycle`) reaches the
  // other blocks too, when none of them writes the variable again.
  llvm::SmallVector<Operation *> Writes;
  Within->walk([&](Operation *W) {
    auto Stored = flang::storedValue(W);
    if (!Stored || rootOf(Stored->second) != Root)
      return;
    Value Base;
    llvm::SmallVector<Value> Indices;
    if (!flang::elementOf(Stored->second, Base, Indices))
      Writes.push_back(W);
  });
  auto Reaches = [&](Operation *W) {
    Block *B = W->getBlock();
    if (Operation *Ancestor = B->findAncestorOpInBlock(*Load))
      return Ancestor != W && W->isBeforeInBlock(Ancestor);
    Region *Body = B->getParent();
    if (!B->isEntryBlock() || !Body->isAncestor(Load->getParentRegion()))
      return false;
    return llvm::none_of(Writes, [&](Operation *Other) {
      return Other->getBlock() != B &&
             Body->isAncestor(Other->getParentRegion());
    });
  };
  Operation *Best = nullptr;
  for (Operation *W : Writes) {
    if (!Reaches(W))
      continue;
    if (!Best ||
        (W->getBlock() == Best->getBlock() && Best->isBeforeInBlock(W)) ||
        (W->getBlock() != Best->getBlock() &&
         Best->getBlock()->findAncestorOpInBlock(*W)))
      Best = W;
  }
  return Best;
}

std::optional<int64_t> RegionModeler::constantAt(Operation *At, Value Root,
                                                 Operation *Ignore) {
  // A local scalar of the function (not a global, not a dummy argument),
  // whose address no call receives.
  Operation *Alloc = Root.getDefiningOp();
  if (!Alloc || Alloc->getName().getStringRef() != "fir.alloca" ||
      flang::isArrayReference(Root.getType()))
    return std::nullopt;
  auto Fn = Alloc->getParentOfType<mlir::FunctionOpInterface>();
  if (!Fn || !Fn->isAncestor(At))
    return std::nullopt;
  Operation *W = nearestWriter(At, Root, Fn);
  if (!W)
    return std::nullopt;
  Value Stored = flang::storedValue(W)->first;
  while (Operation *C = Stored.getDefiningOp()) {
    if (!flang::isConversion(C) && !isa<arith::ExtSIOp, arith::TruncIOp>(C))
      break;
    Stored = C->getOperand(0);
  }
  APInt Constant;
  if (!matchPattern(Stored, m_ConstantInt(&Constant)))
    return std::nullopt;
  // Every other write comes before W in its block, or after the point of
  // use: none can reach the use without passing W again.
  Block *B = W->getBlock();
  Operation *Use = B->findAncestorOpInBlock(*At);
  bool Reaches = true;
  Fn->walk([&](Operation *Op) {
    bool Writes = false;
    if (auto S = flang::storedValue(Op))
      Writes = Op != W && rootOf(S->second) == Root;
    else if (!calleeName(Op).empty())
      for (mlir::Value Operand : Op->getOperands())
        Writes |= flang::rootOf(Operand) == Root;
    if (!Writes)
      return;
    if (Ignore && Ignore->isAncestor(Op))
      return;
    Operation *A = B->findAncestorOpInBlock(*Op);
    if (!A || A == Use || !(A->isBeforeInBlock(W) || Use->isBeforeInBlock(A)))
      Reaches = false;
  });
  if (!Reaches)
    return std::nullopt;
  return Constant.trySExtValue();
}

ExprRef RegionModeler::linearValue(Operation *Load, Value Root,
                                   unsigned Depth) {
  auto LoopNest = dyn_cast_or_null<omp::LoopNestOp>(Nest);
  if (!LoopNest)
    return nullptr;
  // What this iteration stored into its copy before the load.
  if (Operation *W = nearestWriter(Load, Root, LoopNest))
    return expr(flang::storedValue(W)->first, Depth + 1);
  if (LoopNest.getNumLoops() != 1)
    return nullptr;
  Value StepValue;
  for (auto [Item, Step] : Linear)
    if (rootOf(Item) == Root)
      StepValue = Step;
  // j0 + k * s, k the iteration's number from 0: j0 what the variable
  // holds before the loop (the loop's writes are to the copies).
  ExprRef Start;
  if (std::optional<int64_t> C = constantAt(Unit, Root, Unit))
    Start = Expr::constant(*C);
  else if (auto It = Symbols.find(Root); It != Symbols.end())
    Start = Expr::symbol(It->second);
  else {
    Symbol S;
    for (Operation *User : Root.getUsers())
      if (User->getName().getStringRef() == "hlfir.declare" && S.Name.empty())
        rootOf(User->getResult(0), &S.Name);
    if (S.Name.empty())
      S.Name = name(Root);
    S.Kind = SymbolKind::Invariant;
    S.IterationDependent = false;
    SymbolId Id = R.addSymbol(std::move(S));
    Symbols[Root] = Id;
    Start = Expr::symbol(Id);
  }
  std::optional<int64_t> St = constantOf(LoopNest.getLoopSteps()[0]);
  if (!St || *St == 0)
    return nullptr;
  ExprRef K = Expr::binary(ExprKind::Sub, Expr::symbol(R.WorkItemVars[0]),
                           boundExpr(LoopNest.getLoopLowerBounds()[0]));
  if (*St != 1)
    K = Expr::binary(ExprKind::Div, K, Expr::constant(*St));
  ExprRef Step = StepValue ? expr(StepValue, Depth + 1) : Expr::constant(1);
  return Expr::binary(ExprKind::Add, Start,
                      Expr::binary(ExprKind::Mul, K, Step));
}

ExprRef RegionModeler::tableElement(Operation *Load, Value Base,
                                    llvm::ArrayRef<Value> Indices,
                                    unsigned Depth) {
  // `bin_of(i)` of a PARAMETER (or DATA) array: a value of its known
  // contents, which the solver sees (Symbol::Table).
  if (Indices.size() != 1 || Depth > MaxExprDepth)
    return nullptr;
  std::string Name;
  Operation *Declaration = nullptr;
  Value Root = rootOf(Base, &Name, &Declaration);
  std::optional<int64_t> First = flang::lowerBound(Declaration);
  auto Contents =
      First ? flang::constantTable(Root, MaxTableLength) : std::nullopt;
  if (!Contents || Name.empty())
    return nullptr;
  ExprRef Index = expr(Indices[0], Depth + 1);
  auto [Lo, Hi] = std::minmax_element(Contents->begin(), Contents->end());
  ExprRef E = boundedSymbol(Load->getResult(0), Index, Expr::constant(*Lo),
                            Expr::constant(*Hi));
  Symbol &S = R.Symbols[E->symbol()];
  S.Name = Name + "(" + R.print(*Index) + ")";
  S.Table = std::make_shared<const std::vector<int64_t>>(std::move(*Contents));
  S.TableIndex = Expr::binary(ExprKind::Sub, Index, Expr::constant(*First));
  return E;
}

ExprRef RegionModeler::invariantElement(Operation *Load, Value Base,
                                        llvm::ArrayRef<Value> Indices,
                                        unsigned Depth) {
  // `bnd(nb)` of an array the unit never writes, at subscripts every work
  // item computes alike: one value for all (`lo = bnd(nb)` by each thread
  // stores one value). Any other element loaded is opaque.
  Value Root = rootOf(Base);
  auto [Known, New] = Written.try_emplace(Root, false);
  if (New)
    Known->second = writtenInUnit(Root);
  if (Known->second || Depth > MaxExprDepth)
    return nullptr;
  std::string Name;
  rootOf(Base, &Name);
  if (Name.empty())
    return nullptr;
  Name += "(";
  for (Value I : Indices) {
    ExprRef X = expr(I, Depth + 1);
    if (!sameInEveryWorkItem(R, X))
      return nullptr;
    Name += (Name.back() == '(' ? "" : ", ") + R.print(*X);
  }
  ExprRef E = newSymbol(Load->getResult(0), SymbolKind::Invariant, false);
  R.Symbols[E->symbol()].Name = Name + ")";
  return E;
}

ExprRef RegionModeler::loadedValue(Operation *Load, Value Ref, unsigned Depth) {
  Value Base;
  llvm::SmallVector<Value> Indices;
  if (flang::elementOf(Ref, Base, Indices)) {
    if (ExprRef E = tableElement(Load, Base, Indices, Depth))
      return E;
    return invariantElement(Load, Base, Indices, Depth);
  }
  Value Root = rootOf(Ref);
  for (auto [Item, Step] : Linear)
    if (rootOf(Item) == Root)
      return linearValue(Load, Root, Depth);
  // In the loop that makes a task's instances, before the task: what the
  // iteration stored there (`k = 2 * i` captured by the task).
  if (ItemRoot && ItemRoot->isAncestor(Load) && !Unit->isAncestor(Load))
    if (Operation *W = nearestWriter(Load, Root, ItemRoot))
      return expr(flang::storedValue(W)->first, Depth + 1);
  // A private copy (Flang's loop variables): the value last stored into it;
  // a firstprivate copy not written yet: the variable's value when the
  // construct starts.
  if (privateMemory(Root)) {
    Operation *Within = Scope;
    for (const CallFrame &F : Calls)
      if (Operation *D = Root.getDefiningOp(); D && F.Callee->isAncestor(D))
        Within = F.Callee;
    if (!Body.empty())
      Within = Body.front()->getParentOp();
    if (Operation *W = nearestWriter(Load, Root, Within))
      return expr(flang::storedValue(W)->first, Depth + 1);
    if (Value Source = firstPrivateSource(Root)) {
      Operation *Construct =
          cast<BlockArgument>(Root).getOwner()->getParentOp();
      Value Outer = rootOf(Source);
      auto Fn = Construct->getParentOfType<mlir::FunctionOpInterface>();
      if (Operation *W = Fn ? nearestWriter(Construct, Outer, Fn) : nullptr)
        return expr(flang::storedValue(W)->first, Depth + 1);
    }
    return nullptr;
  }
  // A shared variable the unit never writes (`n`): one value for all, a
  // constant when one was assigned to it before.
  auto It = Symbols.find(Root);
  if (It != Symbols.end())
    return Expr::symbol(It->second);
  auto [Known, New] = Written.try_emplace(Root, false);
  if (New)
    Known->second = writtenInUnit(Root);
  if (Known->second)
    return nullptr;
  auto [Cached, First] = Constants.try_emplace(Root, std::nullopt);
  if (First)
    Cached->second = constantAt(Body.empty() ? Unit : Body.front(), Root);
  if (Cached->second)
    return Expr::constant(*Cached->second);
  Symbol S;
  rootOf(Ref, &S.Name);
  if (S.Name.empty())
    S.Name = name(Root);
  S.Kind = SymbolKind::Invariant;
  S.IterationDependent = false;
  // The variable of a `do` loop around the construct: one value in it,
  // within the loop's bounds (as the C front end's enclosing loops).
  if (Operation *Loop = enclosingDoLoopOf(Root); Loop && Depth < MaxExprDepth) {
    APInt Step;
    if (matchPattern(Loop->getOperand(2), m_ConstantInt(&Step)) &&
        Step.trySExtValue() && *Step.trySExtValue() != 0) {
      int64_t St = *Step.trySExtValue();
      ExprRef Lb = expr(Loop->getOperand(0), Depth + 1);
      ExprRef Ub = expr(Loop->getOperand(1), Depth + 1);
      S.Min = St > 0 ? Lb : Ub;
      S.Max = St > 0 ? Ub : Lb;
      S.Step = St > 0 ? St : -St;
      S.Descending = St < 0;
    }
  }
  SymbolId Id = R.addSymbol(std::move(S));
  Symbols[Root] = Id;
  return Expr::symbol(Id);
}

Operation *RegionModeler::enclosingDoLoopOf(Value Root) {
  // Flang stores a `do` loop's count into its variable first thing in the
  // body: `fir.store %iv to %it`.
  Operation *From = Body.empty() ? Unit : Body.front();
  for (Operation *L = From->getParentOp(); L && !isa<FunctionOpInterface>(L);
       L = L->getParentOp()) {
    if (!flang::isDoLoop(L) || L->getNumOperands() < 3 ||
        L->getRegion(0).empty())
      continue;
    Block &Entry = L->getRegion(0).front();
    for (Operation &Op : Entry) {
      auto Stored = flang::storedValue(&Op);
      if (!Stored)
        continue;
      auto Arg = dyn_cast<BlockArgument>(Stored->first);
      if (Arg && Arg.getOwner() == &Entry && rootOf(Stored->second) == Root)
        return L;
    }
  }
  return nullptr;
}

} // namespace mlirfe
} // namespace privateer
