//===- TeamReductionFixes.cpp - A partial per thread for a whole region ---===//
//
// Part of privateer. A variable an `omp for` accumulates into and every
// thread of the `parallel` around it then reads as its own partial
// (`total += part` in 'critical'): `reduction(op: part)` on the `parallel`
// gives each thread its copy for the whole region, starting at the
// operator's identity, and adds the copies into the shared variable at
// the region's end. A reduction of the `omp for` would hand every thread
// the whole result instead.
//
// Exact only where the sequential program's value at the region's start
// is that identity too (each thread then adds its share once, and the
// variable ends with what the sequential code leaves), where no one thread
// alone reads it in the region ('single', 'master': it would read a
// partial), and where no function the region calls reads the global (it
// would read the shared variable, not the copy).
//
//===----------------------------------------------------------------------===//

#include "Directives.h"
#include "Fixes.h"
#include "Pragmas.h"

#include "privateer/Analysis/Advice.h"
#include "privateer/Clang/CXX/StmtWalk.h"
#include "privateer/Clang/Handles.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace privateer {
namespace clangfe {
namespace openmpfix {

using clang::Expr;

namespace {

/// The `parallel` directive directly around the worksharing construct
/// \p D, with no loop of the function around it (a loop would run the
/// region again on the sums of the last run); null otherwise.
const OMPExecutableDirective *teamAround(const OMPExecutableDirective *D,
                                         ASTContext &Ctx) {
  DynTypedNode Node = DynTypedNode::create(*static_cast<const Stmt *>(D));
  const OMPExecutableDirective *Team = nullptr;
  for (;;) {
    DynTypedNodeList Parents = Ctx.getParents(Node);
    if (Parents.empty())
      return nullptr;
    Node = Parents[0];
    if (Node.get<FunctionDecl>() || Node.get<LambdaExpr>())
      return Team;
    if (const auto *Dir = Node.get<OMPExecutableDirective>()) {
      if (Team || !isOpenMPParallelDirective(Dir->getDirectiveKind()))
        return nullptr;
      Team = Dir;
    }
    if (Team && (Node.get<ForStmt>() || Node.get<WhileStmt>() ||
                 Node.get<DoStmt>() || Node.get<CXXForRangeStmt>()))
      return nullptr;
  }
}

/// The identity of \p Op: what each thread's copy starts at.
std::optional<int64_t> identityOf(ReductionOp Op) {
  switch (Op) {
  case ReductionOp::Add:
  case ReductionOp::Sub:
  case ReductionOp::Or:
  case ReductionOp::Xor:
    return 0;
  case ReductionOp::Mul:
    return 1;
  case ReductionOp::And:
    return -1;
  default:
    return std::nullopt;
  }
}

bool isSystemCallee(const FunctionDecl *FD, const SourceManager &SM) {
  return SM.isInSystemHeader(SM.getExpansionLoc(FD->getLocation()));
}

/// How many calls deep a global's uses are looked for.
constexpr unsigned MaxCallDepth = 4;

/// Whether a call of \p FD may use the global \p V: its body (or one it
/// calls) names it, or a body is not seen.
bool callMayUse(const FunctionDecl *FD, const VarDecl *V,
                const SourceManager &SM, unsigned Depth) {
  if (!FD)
    return true; // through a pointer
  if (isSystemCallee(FD, SM))
    return false;
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || Depth > MaxCallDepth)
    return true;
  return walkStmts(Def->getBody(), [&](const Stmt *X) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(X); DRE && DRE->getDecl() == V)
      return WalkStep::Interrupt;
    if (const auto *Call = dyn_cast<CallExpr>(X);
        Call && Call->getDirectCallee() != FD &&
        callMayUse(Call->getDirectCallee(), V, SM, Depth + 1))
      return WalkStep::Interrupt;
    return WalkStep::Advance;
  });
}

/// Whether \p S changes \p V or may (takes its address, calls a function
/// that may use the global).
bool mayChange(const VarDecl *V, const Stmt *S, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  return walkStmts(S, [&](const Stmt *X) {
    if (const auto *Call = dyn_cast<CallExpr>(X))
      if (V->hasGlobalStorage() &&
          callMayUse(Call->getDirectCallee(), V, SM, 0))
        return WalkStep::Interrupt;
    if (const auto *UO = dyn_cast<UnaryOperator>(X))
      if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
        if (const auto *DRE =
                dyn_cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParenImpCasts());
            DRE && DRE->getDecl() == V)
          return WalkStep::Interrupt;
    if (const auto *BO = dyn_cast<BinaryOperator>(X);
        BO && BO->isAssignmentOp())
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts());
          DRE && DRE->getDecl() == V)
        return WalkStep::Interrupt;
    return WalkStep::Advance;
  });
}

/// Why the shared value of \p V where \p Team starts may not be \p Identity;
/// success when it is: the declaration gives it, and nothing before the
/// region in the function changes it (for a global, the function is main
/// and calls nothing of the program's first: nothing ran before it).
llvm::Error startsAtIdentity(const VarDecl *V, int64_t Identity,
                             const OMPExecutableDirective *Team,
                             const FunctionDecl *Function, ASTContext &Ctx) {
  std::string Name = "'" + V->getNameAsString() + "'";
  auto NotKnown = [&](const std::string &Why) {
    return decline("each thread's copy would start at " +
                   std::to_string(Identity) + ", but " + Name + " " + Why);
  };
  if (V->hasGlobalStorage() && (!Function || !Function->isMain()))
    return NotKnown("is a global whose value when the region starts is "
                    "not known here");
  if (!V->hasGlobalStorage() && V->getDeclContext() != Function)
    return NotKnown("is not declared in this function");
  std::optional<int64_t> Initial;
  if (const Expr *Init = V->getInit()) {
    // An integer, or a floating-point value that is one (`double s = 0.0`).
    Expr::EvalResult Value;
    if (!Init->isValueDependent() && Init->EvaluateAsRValue(Value, Ctx)) {
      if (Value.Val.isInt() && Value.Val.getInt().getSignificantBits() <= 64)
        Initial = Value.Val.getInt().getExtValue();
      else if (Value.Val.isFloat()) {
        llvm::APSInt Whole(64, /*isUnsigned=*/false);
        bool Exact = false;
        Value.Val.getFloat().convertToInteger(
            Whole, llvm::APFloat::rmTowardZero, &Exact);
        if (Exact)
          Initial = Whole.getExtValue();
      }
    }
  } else if (V->hasGlobalStorage()) {
    Initial = 0; // zero-initialized
  }
  if (!Initial || *Initial != Identity)
    return NotKnown(Initial ? "starts at " + std::to_string(*Initial)
                            : "does not start at a value known here");
  // Nothing before the region changes it.
  const SourceManager &SM = Ctx.getSourceManager();
  bool Changed = false;
  if (Function && Function->getBody())
    forEachStmt(Function->getBody(), [&](const Stmt *S) {
      if (!Changed &&
          SM.isBeforeInTranslationUnit(S->getEndLoc(), Team->getBeginLoc()) &&
          !isa<CompoundStmt>(S))
        Changed = mayChange(V, S, Ctx);
    });
  if (Changed)
    return NotKnown("may be changed before the region");
  return llvm::Error::success();
}

/// Why one thread alone may read \p V in \p Team's region (in 'single',
/// 'master', 'masked': it would read its own partial, not the total), or a
/// function the region calls may read the global; success otherwise.
llvm::Error readOnlyAsPartials(const VarDecl *V,
                               const OMPExecutableDirective *Team,
                               ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Why;
  walkStmts(associatedBody(Team), [&](const Stmt *S) {
    if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
      OpenMPDirectiveKind K = D->getDirectiveKind();
      if ((K == llvm::omp::OMPD_single || K == llvm::omp::OMPD_master ||
           K == llvm::omp::OMPD_masked) &&
          namedIn(V, associatedBody(D))) {
        Why = "one thread reads it in a '" +
              std::string(getOpenMPDirectiveName(K, 51)) +
              "' construct, where it would see its own partial";
        return WalkStep::Interrupt;
      }
    }
    if (const auto *Call = dyn_cast<CallExpr>(S);
        Call && V->hasGlobalStorage() &&
        callMayUse(Call->getDirectCallee(), V, SM, 0)) {
      Why = "the region calls code that may use the global itself, not a "
            "thread's copy";
      return WalkStep::Interrupt;
    }
    return WalkStep::Advance;
  });
  if (Why.empty())
    return llvm::Error::success();
  return decline(Why);
}

} // namespace

bool namedIn(const VarDecl *V, const Stmt *S) {
  return S && walkStmts(S, [&](const Stmt *X) {
           const auto *DRE = dyn_cast<DeclRefExpr>(X);
           return DRE && DRE->getDecl() == V ? WalkStep::Interrupt
                                             : WalkStep::Advance;
         });
}

FixResult buildTeamReduction(const Finding &F, const ModelledConstruct &C,
                             const remedy::Reduce &Reduce, EditBuilder &E) {
  ASTContext &Ctx = E.context();
  const OMPExecutableDirective *D = directiveOf(C);
  const VarDecl *V = variableNamedInConstruct(D, F.Buffer);
  if (!V || !V->getType()->isScalarType())
    return E.decline("the variable is not named in the construct");
  const OMPExecutableDirective *Team = teamAround(D, Ctx);
  if (!Team)
    return E.decline("no 'parallel' construct directly around it (outside "
                     "any loop) can give each thread its copy");
  const char *Spelled = openMPReductionIdentifier(Reduce.Op);
  auto Identity = identityOf(Reduce.Op);
  if (!Spelled || !Identity)
    return E.decline("no OpenMP reduction combines with this operator");
  if (namedInClause(Team, V) || namedInClause(D, V))
    return E.decline("a clause already names '" + V->getNameAsString() + "'");
  if (llvm::Error Err = startsAtIdentity(V, *Identity, Team, C.Function, Ctx))
    return std::move(Err);
  if (llvm::Error Err = readOnlyAsPartials(V, Team, Ctx))
    return std::move(Err);
  SourceLocation At = pragmaOperatorInsertionPoint(Team, Ctx);
  if (At.isInvalid())
    At = clauseInsertionPoint(Team, Ctx);
  if (!E.writable(At, "the enclosing 'parallel' directive"))
    return E.result();
  E.insert(At, " reduction(" + std::string(Spelled) + ": " +
                   V->getNameAsString() + ")");
  return E.result();
}

} // namespace openmpfix
} // namespace clangfe
} // namespace privateer
