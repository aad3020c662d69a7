//===- ExprTranslator.cpp - Clang expressions to Model::Expr --------------===//
//
// Part of privateer. Turns Clang expressions into the model's symbolic
// expressions: loop variables become symbols with their bounds (LoopShape),
// values the work items share become invariant symbols (what ValueFacts
// knows of a variable's definitions stands in for it), the thread number
// and team size become their symbols, conversions, masks, tables, min/max
// and loads keep what can be said of their values, and everything else
// becomes an opaque value that remembers whether it can differ between work
// items.
//
//===----------------------------------------------------------------------===//

#include "RegionContext.h"
#include "privateer/Clang/CXX/RegionBuilder.h"
#include "privateer/Clang/Handles.h"

#include "TypeValues.h"
#include "privateer/Clang/CXX/KnownFunctions.h"

#include "privateer/Model/ValueRange.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace clang;

namespace privateer {
namespace clangfe {

namespace {
const VarDecl *asVar(const Expr *E) {
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

} // namespace

SymbolId ExprTranslator::symbolForLoop(const LoopShape &L, SymbolKind Kind) {
  Symbol S;
  S.Name = L.Var->getNameAsString();
  S.Kind = Kind;
  S.Step = L.Step < 0 ? -L.Step : L.Step;
  // (No init: the value before the loop, which nothing here bounds.)
  ExprRef Init = L.Init ? translate(L.Init) : nullptr;
  ExprRef Bound = translate(L.Bound);
  ExprRef One = SymExpr::constant(1);
  if (L.Step > 0) {
    S.Min = Init;
    if (L.Cmp == BO_LT || L.Cmp == BO_NE)
      S.Max = SymExpr::binary(ExprKind::Sub, Bound, One);
    else if (L.Cmp == BO_LE)
      S.Max = Bound;
  } else {
    S.Max = Init;
    S.Descending = true;
    if (L.Cmp == BO_GT || L.Cmp == BO_NE)
      S.Min = SymExpr::binary(ExprKind::Add, Bound, One);
    else if (L.Cmp == BO_GE)
      S.Min = Bound;
  }
  // A loop that starts at a constant but whose last value is not on the
  // step lattice still has every value congruent to the start.
  return State.R.addSymbol(std::move(S));
}

bool isThreadIdCall(const Expr *E) {
  const auto *Call =
      dyn_cast<CallExpr>(E->IgnoreImplicit()->IgnoreParenCasts());
  if (!Call)
    return false;
  // omp_get_thread_num(), tbb::this_task_arena::current_thread_index()...
  if (isKnown(Call, ThreadId))
    return true;
  // std::hash<std::thread::id>{}(std::this_thread::get_id()): a value per
  // thread.
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Call);
      OC && OC->getOperator() == OO_Call && OC->getNumArgs() == 2)
    if (const auto *Arg = dyn_cast<CallExpr>([&] {
          const Expr *A = OC->getArg(1)->IgnoreImplicit();
          if (const auto *CE = dyn_cast<CXXConstructExpr>(A);
              CE && CE->getNumArgs() == 1)
            A = CE->getArg(0)->IgnoreImplicit();
          return A;
        }()))
      return isKnown(Arg, ThreadIdentity);
  return false;
}

bool ExprTranslator::isThreadIdValue(const Expr *E) {
  if (isThreadIdCall(E))
    return true;
  const VarDecl *V = asVar(E);
  // `int tid = omp_get_thread_num();`, never reassigned.
  return V && V->getInit() && !State.Modified.count(V) &&
         isThreadIdCall(V->getInit());
}

std::optional<SymbolId> ExprTranslator::threadIdSymbol() {
  if (State.ThreadId)
    return State.ThreadId;
  Symbol S;
  S.Name = "thread";
  S.Kind = SymbolKind::ThreadId;
  S.Min = SymExpr::constant(0);
  if (State.R.NumThreads && State.R.NumThreads->kind() == ExprKind::Constant) {
    if (auto Last = llvm::checkedSub<int64_t>(State.R.NumThreads->value(), 1))
      S.Max = SymExpr::constant(*Last);
  } else {
    S.Max = SymExpr::binary(ExprKind::Sub, SymExpr::symbol(teamSizeSymbol()),
                            SymExpr::constant(1));
  }
  State.ThreadId = State.R.addSymbol(std::move(S));
  return State.ThreadId;
}

SymbolId ExprTranslator::teamSizeSymbol() {
  if (State.R.TeamSize)
    return *State.R.TeamSize;
  Symbol S;
  S.Name = "omp_get_num_threads()";
  S.Kind = SymbolKind::Invariant;
  S.Min = SymExpr::constant(1);
  if (State.R.NumThreads && State.R.NumThreads->kind() == ExprKind::Constant)
    S.Max = State.R.NumThreads;
  State.R.TeamSize = State.R.addSymbol(std::move(S));
  // Two work items race only on two threads, unless one thread can run
  // them interleaved (tasks, work that waits).
  if (State.R.Kind != RegionKind::Tasks && !State.R.InterleavedWork)
    State.R.Facts.push_back({SymExpr::symbol(*State.R.TeamSize), Comparison::GE,
                             SymExpr::constant(2)});
  return *State.R.TeamSize;
}

bool ExprTranslator::isWorkItemInvariant(const ExprRef &E) const {
  return !E->mentions([this](SymbolId S) {
    const Symbol &Sym = State.R.symbol(S);
    return Sym.Kind == SymbolKind::Induction ||
           Sym.Kind == SymbolKind::ThreadId ||
           Sym.Kind == SymbolKind::InnerLoop ||
           (Sym.Kind == SymbolKind::Opaque && Sym.IterationDependent);
  });
}

std::string ExprTranslator::spell(const Stmt *S) const {
  const SourceManager &SM = State.AST.getSourceManager();
  CharSourceRange Range = CharSourceRange::getTokenRange(S->getSourceRange());
  if (S->getBeginLoc().isMacroID() || S->getEndLoc().isMacroID()) {
    // Inside a macro's body, the access as the macro spells it reads better
    // than the macro's call.
    SourceLocation B = SM.getSpellingLoc(S->getBeginLoc());
    SourceLocation E = SM.getSpellingLoc(S->getEndLoc());
    if (SM.getFileID(B) == SM.getFileID(E) &&
        !SM.isBeforeInTranslationUnit(E, B) &&
        SM.getFileOffset(E) - SM.getFileOffset(B) < 200)
      Range = CharSourceRange::getTokenRange(B, E);
    else
      Range = SM.getExpansionRange(S->getSourceRange());
  }
  StringRef Text = Lexer::getSourceText(Range, SM, State.AST.getLangOpts());
  std::string Out;
  // One line, single spaces: the spelling appears inside a message.
  bool Space = false;
  for (char C : Text) {
    if (C == '\n' || C == '\t' || C == ' ' || C == '\r') {
      Space = !Out.empty();
      continue;
    }
    if (Space)
      Out += ' ';
    Space = false;
    Out += C;
  }
  if (Out.size() > 60)
    Out = Out.substr(0, 57) + "...";
  return Out;
}

ExprRef ExprTranslator::opaque(const Expr *E, bool Dependent) {
  // A value computed before the construct (followed from a definition
  // there) is one value for all work items.
  if (State.OutsideDefinitions > 0 && E)
    return unknownInvariant(E);
  std::string Key = spell(E) + (Dependent ? "\x01" : "");
  if (auto It = State.OpaqueBySpelling.find(Key);
      It != State.OpaqueBySpelling.end())
    return SymExpr::symbol(It->second);
  Symbol S;
  S.Name = spell(E);
  S.Kind = SymbolKind::Opaque;
  S.IterationDependent = Dependent;
  // Data has the values of its type: an `unsigned char` is 0 to 255. (A
  // wider type bounds nothing an index could count on: only its sign.)
  if (E)
    if (auto Bounds = typeBounds(State.AST, E->getType())) {
      S.Min = SymExpr::constant(Bounds->Min);
      if (Bounds->Max && *Bounds->Max <= MaxCountedTypeValue)
        S.Max = SymExpr::constant(*Bounds->Max);
      else if (Bounds->Min < 0)
        S.Min = nullptr;
    }
  // `n++`: the value a counter hands out.
  if (const auto *UO = dyn_cast<UnaryOperator>(E->IgnoreParenImpCasts());
      UO && UO->isIncrementOp())
    if (const auto *DRE =
            dyn_cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParenImpCasts()))
      S.CounterHandle = handleOf(DRE->getDecl());
  SymbolId Id = State.R.addSymbol(std::move(S));
  State.OpaqueBySpelling[Key] = Id;
  return SymExpr::symbol(Id);
}

ExprRef ExprTranslator::unknownInvariant(const Expr *E) {
  // Code before the construct runs once: the same node is the same value.
  auto [It, New] = State.ValueBefore.try_emplace(E, 0);
  if (New) {
    Symbol S;
    S.Name = spell(E);
    S.Kind = SymbolKind::Opaque;
    S.IterationDependent = false;
    It->second = State.R.addSymbol(std::move(S));
  }
  return SymExpr::symbol(It->second);
}

ExprRef ExprTranslator::translate(const Expr *E) {
  if (!E)
    return opaque(E, true);
  if (ExprRef Converted = translateConversion(E))
    return Converted;
  E = E->IgnoreParenCasts();
  if (auto C = evaluateInt(E, State.AST))
    return SymExpr::constant(*C);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return translateVariable(DRE);
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return translateBinary(BO);
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_Minus)
      return SymExpr::neg(translate(UO->getSubExpr()));
    if (UO->getOpcode() == UO_Plus)
      return translate(UO->getSubExpr());
    return opaque(E, true);
  }
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return translateCall(Call);
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    if (ExprRef MinMax = translateMinMax(CO))
      return MinMax;
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    if (ExprRef Element = translateTableElement(AS))
      return Element;
  return translateLoad(E);
}

namespace {
/// Whether \p E names a value that differs between work items in a way the
/// model cannot compute (data).
bool mentionsData(const ParallelRegion &R, const ExprRef &E) {
  return E->mentions([&](SymbolId S) {
    const Symbol &Sym = R.symbol(S);
    return Sym.Kind == SymbolKind::Opaque && Sym.IterationDependent &&
           !Sym.Table;
  });
}

/// Whether every value of \p E fits \p Bounds.
bool fitsBounds(const ParallelRegion &R, const ExprRef &E,
                const TypeBounds &Bounds) {
  ValueRange Range = rangeOf(R, E);
  if (!Range.Requires.empty() || !Range.bounded() ||
      Range.Lo->kind() != ExprKind::Constant ||
      Range.Hi->kind() != ExprKind::Constant)
    return false;
  return Range.Lo->value() >= Bounds.Min &&
         (!Bounds.Max || Range.Hi->value() <= *Bounds.Max);
}

/// A key that tells table reads apart by the index's structure.
void structureKey(const SymExpr &E, std::string &Out) {
  if (E.kind() == ExprKind::Constant) {
    Out += std::to_string(E.value());
    return;
  }
  if (E.kind() == ExprKind::Symbol) {
    Out += 's' + std::to_string(E.symbol());
    return;
  }
  Out += '(' + std::to_string(int(E.kind()));
  for (const ExprRef &Op : E.operands()) {
    Out += ' ';
    structureKey(*Op, Out);
  }
  Out += ')';
}
} // namespace

ExprRef ExprTranslator::translateConversion(const Expr *E) {
  const auto *Cast = dyn_cast<CastExpr>(E->IgnoreParens());
  if (!Cast || Cast->getCastKind() != CK_IntegralCast)
    return nullptr;
  const Expr *From = Cast->getSubExpr();
  if (!conversionMayChangeValue(State.AST, From->getType(), Cast->getType()))
    return nullptr;
  // Computed values keep the model's value: loop variables and sizes are
  // taken not to wrap. Data may be anything its type holds.
  ExprRef Operand = translate(From);
  auto To = typeBounds(State.AST, Cast->getType());
  if (!mentionsData(State.R, Operand) || !To ||
      fitsBounds(State.R, Operand, *To))
    return Operand;
  std::string Name =
      "(" + Cast->getType().getAsString(State.AST.getPrintingPolicy()) + ")" +
      spell(From);
  std::string Key = Name + "\x03";
  if (auto It = State.OpaqueBySpelling.find(Key);
      It != State.OpaqueBySpelling.end())
    return SymExpr::symbol(It->second);
  Symbol S;
  S.Name = isa<ExplicitCastExpr>(Cast) ? spell(Cast) : Name;
  S.Kind = SymbolKind::Opaque;
  S.IterationDependent = true;
  S.Min = SymExpr::constant(To->Min);
  if (To->Max && *To->Max <= MaxCountedTypeValue)
    S.Max = SymExpr::constant(*To->Max);
  SymbolId Id = State.R.addSymbol(std::move(S));
  State.OpaqueBySpelling[Key] = Id;
  return SymExpr::symbol(Id);
}

ExprRef ExprTranslator::translateBitAnd(const BinaryOperator *BO) {
  ExprRef L = translate(BO->getLHS()), Rt = translate(BO->getRHS());
  // x & (2^k - 1) is x % 2^k for x >= 0.
  for (auto [X, Mask] : {std::pair(L, Rt), std::pair(Rt, L)})
    if (ExprRef Remainder = maskedRemainder(State.R, X, Mask))
      return Remainder;
  ExprRef Result =
      opaque(BO, !isWorkItemInvariant(L) || !isWorkItemInvariant(Rt));
  if (Result->kind() != ExprKind::Symbol)
    return Result;
  // Otherwise between 0 and a mask that is not negative.
  if (ExprRef Top = bitAndUpperBound(State.R, L, Rt)) {
    Symbol &S = State.R.Symbols[Result->symbol()];
    S.Min = SymExpr::constant(0);
    S.Max = Top;
  }
  return Result;
}

ExprRef ExprTranslator::translateTableElement(const ArraySubscriptExpr *AS) {
  const auto *DRE = dyn_cast<DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts());
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!V || !State.AST.getAsConstantArrayType(V->getType()))
    return nullptr;
  auto Contents = constantTableContents(State.AST, V);
  // A local table only its initializer writes (`int node[8] = {...}`).
  if (!Contents && Ctx.Facts.writtenOnlyByInitializer(V))
    Contents = constantTableContents(State.AST, V, /*RequireConst=*/false);
  if (!Contents)
    return nullptr;
  ExprRef Index = translate(AS->getIdx());
  std::string Key = spell(AS) + "\x02";
  structureKey(*Index, Key);
  if (auto It = State.OpaqueBySpelling.find(Key);
      It != State.OpaqueBySpelling.end())
    return SymExpr::symbol(It->second);
  Symbol S;
  S.Name = spell(AS);
  S.Kind = SymbolKind::Opaque;
  S.IterationDependent = !isWorkItemInvariant(Index);
  auto [Lo, Hi] = std::minmax_element(Contents->begin(), Contents->end());
  S.Min = SymExpr::constant(*Lo);
  S.Max = SymExpr::constant(*Hi);
  S.Table = std::make_shared<const std::vector<int64_t>>(std::move(*Contents));
  S.TableIndex = Index;
  SymbolId Id = State.R.addSymbol(std::move(S));
  State.OpaqueBySpelling[Key] = Id;
  return SymExpr::symbol(Id);
}

ExprRef ExprTranslator::translateVariable(const DeclRefExpr *DRE) {
  const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
  if (!V)
    return opaque(DRE, true);
  if (auto It = State.Symbols.find(V);
      It != State.Symbols.end() && Ctx.Facts.symbolInScope(V, DRE))
    return SymExpr::symbol(It->second);
  if (auto It = State.ParamValues.find(V); It != State.ParamValues.end())
    return It->second;
  if (State.OutsideDefinitions == 0 && isThreadIdValue(DRE))
    return SymExpr::symbol(*threadIdSymbol());
  // What the assignments that reach this use computed.
  if (ExprRef Value = Ctx.Facts.valueFromDefinitions(DRE, V))
    return Value;
  if (State.OutsideDefinitions > 0) {
    // Code before the construct: only a value that never changes in the
    // function is known there; anything else is some value, the same for
    // every work item.
    if (ExprRef Value = Ctx.Facts.outerDefinition(V))
      return Value;
    // A parameter the function never changes is the value the unit reads
    // too (`updates = 4 * size` before a loop over `table[... & (size -
    // 1)]`): one symbol for both.
    if (isa<ParmVarDecl>(V) && !V->getType()->isReferenceType() &&
        !State.Modified.count(V) && !Ctx.Facts.modifiedInFunction(V))
      return translateUnitInvariant(V);
    return unknownInvariant(DRE);
  }
  if (auto It = State.LetBound.find(V); It != State.LetBound.end())
    return It->second;
  bool Local = State.ItemLocals.count(V) || State.ThreadLocals.count(V);
  if (Local && !State.Modified.count(V) && V->getInit() &&
      !V->getType()->isReferenceType() && !State.LetInProgress.count(V)) {
    // `int row = i * n;` stands for its value.
    State.LetInProgress.insert(V);
    ExprRef Value = translate(V->getInit());
    State.LetInProgress.erase(V);
    State.LetBound[V] = Value;
    return Value;
  }
  // A parameter of the work item's own code (the lambda a TBB algorithm
  // calls per work item: `[&](double a, double b)`) takes each call's value.
  if (const auto *P = dyn_cast<ParmVarDecl>(V))
    if (const auto *FD = dyn_cast<FunctionDecl>(P->getDeclContext());
        FD && FD != State.Spec.Function && State.Body &&
        FD->getBody() == State.Body)
      return opaque(DRE, true);
  if (!Local && !State.Modified.count(V))
    return translateUnitInvariant(V);
  return opaque(DRE, true);
}

ExprRef ExprTranslator::translateUnitInvariant(const VarDecl *V) {
  // The variable of a loop around the construct keeps its range.
  for (const ForStmt *F : State.Spec.EnclosingLoops) {
    auto Shape = matchForLoop(F, State.AST);
    if (!Shape || Shape->Var != V)
      continue;
    SymbolId Id = symbolForLoop(*Shape, SymbolKind::Invariant);
    State.Symbols[V] = Id;
    return SymExpr::symbol(Id);
  }
  // A local the function never reassigns stands for its initializer.
  if (ExprRef Value = Ctx.Facts.outerDefinition(V))
    return Value;
  Symbol S;
  S.Name = V->getNameAsString();
  S.Kind = SymbolKind::Invariant;
  SymbolId Id = State.R.addSymbol(std::move(S));
  State.Symbols[V] = Id;
  return SymExpr::symbol(Id);
}

ExprRef ExprTranslator::translateBinary(const BinaryOperator *BO) {
  ExprKind K;
  switch (BO->getOpcode()) {
  case BO_Add:
    K = ExprKind::Add;
    break;
  case BO_Sub:
    K = ExprKind::Sub;
    break;
  case BO_Mul:
    K = ExprKind::Mul;
    break;
  case BO_Div:
    K = ExprKind::Div;
    break;
  case BO_Rem:
    K = ExprKind::Mod;
    break;
  case BO_Shl:
    K = ExprKind::Shl;
    break;
  case BO_Shr:
    K = ExprKind::Shr;
    break;
  case BO_And:
    if (BO->getType()->isIntegerType())
      return translateBitAnd(BO);
    [[fallthrough]];
  default: {
    ExprRef L = translate(BO->getLHS()), Rt = translate(BO->getRHS());
    return opaque(BO, !isWorkItemInvariant(L) || !isWorkItemInvariant(Rt));
  }
  }
  // Pointer differences and arithmetic are not indices.
  if (!BO->getType()->isIntegerType())
    return opaque(BO, true);
  return SymExpr::binary(K, translate(BO->getLHS()), translate(BO->getRHS()));
}

ExprRef ExprTranslator::translateCall(const CallExpr *Call) {
  if (isThreadIdCall(Call))
    return SymExpr::symbol(*threadIdSymbol());
  KnownName Name = knownName(calleeName(Call));
  // The same value for every thread of a team.
  unsigned Roles = knownRoles(Call);
  // The size of the team that runs the work items, asked inside them.
  if ((Roles & TeamSize) && State.OutsideDefinitions == 0 &&
      !State.InNestedTask)
    return SymExpr::symbol(teamSizeSymbol());
  // Asked before a construct that makes a team and says nothing of its
  // size: that team has at most this many threads.
  if ((Roles & NextTeamBound) && State.OutsideDefinitions > 0 &&
      State.R.CreatesTeam && !State.R.NumThreadsClause) {
    ExprRef Bound = unknownInvariant(Call);
    Symbol &B = State.R.Symbols[Bound->symbol()];
    if (B.Kind == SymbolKind::Opaque) {
      B.Kind = SymbolKind::Invariant;
      B.Min = SymExpr::constant(1);
      State.R.Facts.push_back(
          {SymExpr::symbol(teamSizeSymbol()), Comparison::LE, Bound});
    }
    return Bound;
  }
  if (Roles & TeamCount) {
    // A count: at least one.
    ExprRef Count = opaque(Call, /*Dependent=*/false);
    State.R.Symbols[Count->symbol()].Min = SymExpr::constant(1);
    return Count;
  }
  if (Roles & TeamInvariant)
    return opaque(Call, /*Dependent=*/false);
  if (Call->getNumArgs() == 2 &&
      (Name == KnownName::Min || Name == KnownName::Max)) {
    return SymExpr::binary(
        Name == KnownName::Min ? ExprKind::Min : ExprKind::Max,
        translate(Call->getArg(0)), translate(Call->getArg(1)));
  }
  ExprRef Result = opaque(Call, true);
  // A function that, given the same arguments, answers differently in
  // each work item (a thread number through a wrapper): not an element
  // of a container (`v[i]`), not a function of the work item's data.
  bool SameArguments = !isa<CXXOperatorCallExpr>(Call);
  for (const Expr *Arg : Call->arguments())
    SameArguments = SameArguments && isWorkItemInvariant(translate(Arg));
  // A method asked of an object each work item names for itself (`a` of
  // `VertexAdapter a = graph.adapter(i); if (a.standalone()) continue;`,
  // `contigs[i].size()`): its object is an argument that differs.
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
    if (objectOfWorkItem(MC->getImplicitObjectArgument()))
      SameArguments = false;
  if (SameArguments &&
      State.R.symbol(Result->symbol()).Kind == SymbolKind::Opaque) {
    State.R.Symbols[Result->symbol()].CallResult = true;
    State.R.Symbols[Result->symbol()].PerItemIdentity = Call->getNumArgs() == 0;
  }
  return Result;
}

bool ExprTranslator::objectOfWorkItem(const Expr *Object) const {
  if (!Object)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Object->IgnoreParenImpCasts())) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (!V)
      return false;
    if (State.ItemLocals.count(V))
      return true;
    auto It = State.Symbols.find(V);
    return It != State.Symbols.end() &&
           !isWorkItemInvariant(SymExpr::symbol(It->second));
  }
  for (const Stmt *Child : Object->children())
    if (const auto *E = dyn_cast_or_null<Expr>(Child); E && objectOfWorkItem(E))
      return true;
  return false;
}

ExprRef ExprTranslator::translateMinMax(const ConditionalOperator *CO) {
  const auto *Cmp =
      dyn_cast<BinaryOperator>(CO->getCond()->IgnoreParenImpCasts());
  if (!Cmp || !Cmp->isRelationalOp())
    return nullptr;
  std::string L = spell(Cmp->getLHS()), Rt = spell(Cmp->getRHS());
  std::string T = spell(CO->getTrueExpr()), F = spell(CO->getFalseExpr());
  bool Less = Cmp->getOpcode() == BO_LT || Cmp->getOpcode() == BO_LE;
  std::optional<ExprKind> K;
  if (T == L && F == Rt)
    K = Less ? ExprKind::Min : ExprKind::Max;
  else if (T == Rt && F == L)
    K = Less ? ExprKind::Max : ExprKind::Min;
  if (!K)
    return nullptr;
  return SymExpr::binary(*K, translate(CO->getTrueExpr()),
                         translate(CO->getFalseExpr()));
}

ExprRef ExprTranslator::translateLoad(const Expr *E) {
  // A load (`idx[i]`, `p->n`): the same value in every work item only when
  // nothing it reads is written by the unit or differs per work item.
  bool Invariant = Ctx.Facts.loadSameInEveryWorkItem(E);
  ExprRef Result = opaque(E, !Invariant);
  // A value computed from what the model knows but in a way it cannot
  // express (a choice `tid == nt - 1 ? n : part(tid + 1)`, floating-point
  // arithmetic), not loaded from memory: a test that it equals something
  // may pick out one work item, as a call's result may.
  if (!Invariant && Result->kind() == ExprKind::Symbol &&
      State.R.symbol(Result->symbol()).Kind == SymbolKind::Opaque &&
      Ctx.Facts.computedFromNamesAlone(E))
    State.R.Symbols[Result->symbol()].CallResult = true;
  return Result;
}

} // namespace clangfe
} // namespace privateer
