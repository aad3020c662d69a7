//===- UpdateFixes.cpp - Atomic updates and captures ----------------------===//
//
// Part of privateer. An accumulation no clause can name gets
// `#pragma omp atomic` before each update; a counter whose value is used
// (`next[n++] = v`) takes that value with `#pragma omp atomic capture` into
// a local used in its place.
//
//===----------------------------------------------------------------------===//

#include "Fixes.h"

#include "privateer/Clang/CXX/Edits/SourceText.h"
#include "privateer/Clang/CXX/RegionBuilder.h"
#include "privateer/Clang/CXX/SizedContainer.h"
#include "privateer/Clang/CXX/StmtWalk.h"
#include "privateer/Clang/SourceLoc.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace privateer {
namespace clangfe {
namespace openmpfix {

using clang::Expr;

namespace {

/// The bodies a statement holds in statement position: a block's
/// statements, a loop's or a branch's body, a directive's associated
/// statement.
void forEachStatementChild(const Stmt *S,
                           llvm::function_ref<void(const Stmt *)> F) {
  if (const auto *CS = dyn_cast<CompoundStmt>(S))
    for (const Stmt *Child : CS->body())
      F(Child);
  else if (const auto *For = dyn_cast<ForStmt>(S))
    F(For->getBody());
  else if (const auto *W = dyn_cast<WhileStmt>(S))
    F(W->getBody());
  else if (const auto *If = dyn_cast<IfStmt>(S)) {
    F(If->getThen());
    if (If->getElse())
      F(If->getElse());
  } else if (const auto *OD = dyn_cast<OMPExecutableDirective>(S)) {
    if (const Stmt *Body =
            OD->hasAssociatedStmt() ? OD->getAssociatedStmt() : nullptr) {
      while (const auto *C = dyn_cast<CapturedStmt>(Body))
        Body = C->getCapturedStmt();
      F(Body);
    }
  }
}

/// The expression statement of an update (`x += e;`, `x++;`) in \p Code
/// whose target starts at \p At, if it is a statement of its own.
const Stmt *updateStatement(const Stmt *Code, SourceLocation At) {
  auto IsUpdate = [&](const Stmt *S) {
    const auto *E = dyn_cast_or_null<Expr>(S);
    if (!E)
      return false;
    E = E->IgnoreImplicit();
    const Expr *Target = nullptr;
    if (const auto *CA = dyn_cast<CompoundAssignOperator>(E))
      Target = CA->getLHS();
    else if (const auto *UO = dyn_cast<UnaryOperator>(E);
             UO && UO->isIncrementDecrementOp())
      Target = UO->getSubExpr();
    else if (const auto *BO = dyn_cast<BinaryOperator>(E);
             BO && BO->getOpcode() == BO_Assign)
      Target = BO->getLHS();
    return Target && Target->getBeginLoc() == At;
  };
  const Stmt *Found = nullptr;
  walkStmts(Code, [&](const Stmt *S) {
    forEachStatementChild(S, [&](const Stmt *Child) {
      if (!Found && IsUpdate(Child))
        Found = Child;
    });
    return Found ? WalkStep::Interrupt : WalkStep::Advance;
  });
  return Found;
}

/// Whether \p At lies in a simd construct (\p D itself, or one nested in
/// it) of a unit compiled for OpenMP before 5.0, which allows no 'atomic'
/// inside 'simd'.
bool atomicForbiddenAt(const OMPExecutableDirective *D, SourceLocation At,
                       ASTContext &Ctx) {
  if (Ctx.getLangOpts().OpenMP >= 50)
    return false;
  if (isOpenMPSimdDirective(D->getDirectiveKind()))
    return true;
  const SourceManager &SM = Ctx.getSourceManager();
  if (!D->hasAssociatedStmt())
    return false;
  return walkStmts(D->getAssociatedStmt(), [&](const Stmt *S) {
    if (const auto *OD = dyn_cast<OMPExecutableDirective>(S);
        OD && isOpenMPSimdDirective(OD->getDirectiveKind()) &&
        OD->hasAssociatedStmt()) {
      SourceRange R = OD->getAssociatedStmt()->getSourceRange();
      if (!SM.isBeforeInTranslationUnit(At, R.getBegin()) &&
          !SM.isBeforeInTranslationUnit(R.getEnd(), At))
        return WalkStep::Interrupt;
    }
    return WalkStep::Advance;
  });
}

constexpr const char *AtomicInSimd =
    "the update is in a 'simd' loop, which allows no 'atomic' before OpenMP "
    "5.0: compile with -fopenmp-version=50 or later";

/// A counter update (`n++` whose operand starts at a given place), the
/// statement it is part of, and what holds that statement (a block, or a
/// branch or loop whose body it is).
struct CapturedUpdate {
  const UnaryOperator *Update = nullptr;
  const Stmt *Statement = nullptr;
  const Stmt *Holder = nullptr;
};

/// Finds the counter update at Target, with the statement it is part of
/// and what holds that statement.
class CounterUpdateFinder {
public:
  explicit CounterUpdateFinder(SourceLocation Target) : Target(Target) {}

  CapturedUpdate Found;

  void walk(const Stmt *S, const Stmt *Top, const Stmt *Holder) {
    if (Found.Update)
      return;
    if (const auto *UO = dyn_cast<UnaryOperator>(S);
        UO && UO->isIncrementDecrementOp() &&
        UO->getSubExpr()->getBeginLoc() == Target) {
      Found = {UO, Top, Holder};
      return;
    }
    forEachChild(S, [&](const Stmt *C) {
      bool Position = isStatement(S, C);
      walk(C, Position ? C : Top, Position ? S : Holder);
    });
  }

private:
  /// Statement positions: in a block, and the bodies of branches and
  /// loops (a braced block is valid there too).
  static bool isStatement(const Stmt *S, const Stmt *C) {
    if (!isa<Expr>(C))
      return false;
    if (isa<CompoundStmt>(S))
      return true;
    if (const auto *If = dyn_cast<IfStmt>(S))
      return C == If->getThen() || C == If->getElse();
    if (const auto *F = dyn_cast<ForStmt>(S))
      return C == F->getBody();
    if (const auto *W = dyn_cast<WhileStmt>(S))
      return C == W->getBody();
    return false;
  }

  SourceLocation Target;
};

CapturedUpdate findCounterUpdate(const OMPExecutableDirective *D,
                                 SourceLocation Target) {
  CounterUpdateFinder Finder(Target);
  Finder.walk(D, nullptr, nullptr);
  return Finder.Found;
}

/// Why the capture would not be exact: the statement makes other updates,
/// or makes this one only under a condition of its expression (`?:`,
/// `&&`, `||`), which the capture would take out.
llvm::Error captureWouldChangeMeaning(const CapturedUpdate &U) {
  // The updates of the statement, and whether U's is under a condition.
  struct Counter {
    const UnaryOperator *Update;
    unsigned Updates = 0;
    bool UnderCondition = false;
    void count(const Stmt *S, bool Cond) {
      if (const auto *UO = dyn_cast<UnaryOperator>(S);
          UO && UO->isIncrementDecrementOp()) {
        ++Updates;
        UnderCondition |= UO == Update && Cond;
      }
      if (isa<CompoundAssignOperator>(S))
        ++Updates;
      const auto *BO = dyn_cast<BinaryOperator>(S);
      Cond |= isa<AbstractConditionalOperator>(S) || (BO && BO->isLogicalOp());
      for (const Stmt *C : S->children())
        if (C)
          count(C, Cond);
    }
  } X{U.Update};
  X.count(U.Statement, false);
  unsigned Updates = X.Updates;
  bool UnderCondition = X.UnderCondition;
  if (UnderCondition)
    return decline("the update is made only under a condition of its "
                   "expression");
  if (Updates != 1)
    return decline("the statement makes more than one update");
  return llvm::Error::success();
}

/// Where a closing brace after the statement ending at \p End goes: after
/// a trailing comment of its line (a NOLINT stays on the line it is about).
SourceLocation closingBraceAt(SourceLocation End, const SourceManager &SM) {
  StringRef Rest = restOfLine(End, SM);
  if (Rest.starts_with("//") && !Rest.ends_with("\\"))
    if (SourceLocation Next = nextLineStart(End, SM); Next.isValid())
      return Next.getLocWithOffset(-1);
  return End;
}

/// The braces a branch's or loop's body needs to hold the capture, on the
/// header's line when the body is on a line of its own; false when the
/// body must be braced where it is.
bool braceOnHeaderLine(const CapturedUpdate &U, SourceLocation Close,
                       const std::string &Capture, EditBuilder &E) {
  const SourceManager &SM = E.sources();
  SourceLocation Begin = U.Statement->getBeginLoc();
  SourceLocation HeaderEnd;
  if (const auto *If = dyn_cast<IfStmt>(U.Holder))
    HeaderEnd =
        U.Statement == If->getElse() ? If->getElseLoc() : If->getRParenLoc();
  else if (const auto *F = dyn_cast<ForStmt>(U.Holder))
    HeaderEnd = F->getRParenLoc();
  else if (const auto *W = dyn_cast<WhileStmt>(U.Holder))
    HeaderEnd = W->getRParenLoc();
  SourceLocation AfterHeader =
      HeaderEnd.isValid()
          ? Lexer::getLocForEndOfToken(HeaderEnd, 0, SM, E.lang())
          : SourceLocation();
  if (AfterHeader.isInvalid() || !E.isWritable(AfterHeader) ||
      SM.getExpansionLineNumber(AfterHeader) >=
          SM.getExpansionLineNumber(Begin) ||
      lineIndent(Begin, SM).size() <
          lineIndent(U.Holder->getBeginLoc(), SM).size())
    return false;
  std::string Outer = lineIndent(U.Holder->getBeginLoc(), SM);
  if (const auto *If = dyn_cast<IfStmt>(U.Holder);
      If && U.Statement == If->getElse())
    Outer = lineIndent(If->getElseLoc(), SM);
  E.insert(AfterHeader, " {");
  E.insert(Begin, Capture);
  E.insert(Close, "\n" + Outer + "}");
  return true;
}

/// `next[n++] = v;` becomes
///   int privateer_slot_L;
///   #pragma omp atomic capture
///   privateer_slot_L = n++;
///   next[privateer_slot_L] = v;
/// in a block, and the same in braces as the body of a branch or loop. A
/// refusal of an edit is kept in \p E.
llvm::Error captureUpdate(const OMPExecutableDirective *D,
                          SourceLocation Target, EditBuilder &E) {
  ASTContext &Ctx = E.context();
  const SourceManager &SM = E.sources();
  if (atomicForbiddenAt(D, Target, Ctx))
    return E.decline(AtomicInSimd);
  CapturedUpdate U = findCounterUpdate(D, Target);
  if (!U.Update || !U.Statement || U.Statement == U.Update)
    return E.decline("the update is not inside a statement of its own");
  if (llvm::Error Err = captureWouldChangeMeaning(U))
    return Err;
  SourceLocation Begin = U.Statement->getBeginLoc();
  SourceLocation End = Lexer::findLocationAfterToken(
      U.Statement->getEndLoc(), tok::semi, SM, E.lang(), false);
  if (!E.writable({Begin, U.Update->getBeginLoc()}))
    return llvm::Error::success();
  if (End.isInvalid())
    return E.decline("");
  QualType T = U.Update->getType().getUnqualifiedType();
  if (!T->isIntegerType())
    return E.decline("the counter is not an integer");
  // Named by its line, and column when it does not start the line (two
  // statements of one line then get two names).
  std::string Name =
      "privateer_slot_" + std::to_string(SM.getExpansionLineNumber(Begin));
  std::string Indent = lineIndent(Begin, SM);
  if (SM.getExpansionColumnNumber(Begin) != Indent.size() + 1)
    Name += "_" + std::to_string(SM.getExpansionColumnNumber(Begin));
  std::string UpdateText = tokensOf(U.Update->getSourceRange(), Ctx);
  auto Capture = [&](const std::string &In) {
    return spellType(T, Ctx) + " " + Name + ";\n#pragma omp atomic capture\n" +
           In + Name + " = " + UpdateText + ";\n" + In;
  };
  SourceLocation Close = closingBraceAt(End, SM);
  if (isa<CompoundStmt>(U.Holder)) {
    E.insert(Begin, Capture(Indent));
  } else if (!braceOnHeaderLine(U, Close, Capture(Indent), E)) {
    E.insert(Begin, "{\n" + Indent + "  " + Capture(Indent + "  "));
    E.insert(Close, "\n" + Indent + "}");
  }
  E.replaceTokens(U.Update->getSourceRange(), Name);
  return llvm::Error::success();
}

/// The locations of \p Updates, once each, in source order.
std::vector<SourceLocation> inSourceOrder(const std::vector<Loc> &Updates,
                                          const SourceManager &SM) {
  std::vector<SourceLocation> Locs;
  for (Loc U : Updates)
    Locs.push_back(fromLoc(U));
  llvm::sort(Locs, [&](SourceLocation A, SourceLocation B) {
    return SM.isBeforeInTranslationUnit(A, B);
  });
  Locs.erase(std::unique(Locs.begin(), Locs.end()), Locs.end());
  return Locs;
}

} // namespace

FixResult buildCaptureCounter(const Finding &F, const ModelledConstruct &C,
                              EditBuilder &E) {
  // Every update of the counter, in one fix: a second pass would find
  // another one otherwise.
  for (SourceLocation At : inSourceOrder(
           std::get<remedy::CaptureCounter>(F.Fix).Updates, E.sources()))
    if (llvm::Error Err = captureUpdate(directiveOf(C), At, E))
      return std::move(Err);
  return E.result();
}

FixResult buildAtomicUpdates(const Finding &F, const ModelledConstruct &C,
                             EditBuilder &E) {
  const OMPExecutableDirective *D = directiveOf(C);
  const SourceManager &SM = E.sources();
  const auto &Fix = std::get<remedy::AtomicUpdates>(F.Fix);
  // 'atomic write' came with OpenMP 3.1.
  if (Fix.Writes && E.context().getLangOpts().OpenMP < 31)
    return E.decline("'atomic write' needs OpenMP 3.1");
  for (SourceLocation U : inSourceOrder(Fix.Updates, SM)) {
    const Stmt *S = updateStatement(D, U);
    // An update in a lambda the construct's code calls, made before it in
    // the function (`auto visit = [&](int i) { ... };`).
    if (!S && C.Function && C.Function->getBody())
      S = updateStatement(C.Function->getBody(), U);
    if (!S)
      return E.decline("an update is not a statement of its own");
    SourceLocation Begin = S->getBeginLoc();
    if (!E.writable(Begin))
      return E.result();
    if (atomicForbiddenAt(D, Begin, E.context()))
      return E.decline(AtomicInSimd);
    // The pragma goes on a line of its own before the statement's (which
    // must start its line), in the first column like every directive.
    if (!indentBefore(Begin, SM))
      return E.decline("an update shares its line with other code");
    E.insert(lineStartOf(Begin, SM), Fix.Writes ? "#pragma omp atomic write\n"
                                                : "#pragma omp atomic\n");
  }
  return E.result();
}

} // namespace openmpfix
} // namespace clangfe
} // namespace privateer
