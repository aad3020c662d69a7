//===- UpdateFixes.cpp - Atomic updates and captures
//------------------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "FixSupport.h"
#include "privateer/Clang/CXX/RegionBuilder.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"

#include <functional>

using namespace clang;

namespace privateer {
namespace clangfe {

namespace {

/// The expression statement of an update (`x += e;`, `x++;`) whose target
/// starts at \p At, if it is a statement of its own.
const Stmt *updateStatement(const OMPExecutableDirective *D, SourceLocation At,
                            const SourceManager &SM) {
  const Stmt *Found = nullptr;
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
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || Found)
      return;
    // Statements that hold statements: compound bodies, loop and branch
    // bodies.
    auto Try = [&](const Stmt *Child) {
      if (!Found && IsUpdate(Child))
        Found = Child;
    };
    if (const auto *CS = dyn_cast<CompoundStmt>(S))
      for (const Stmt *Child : CS->body())
        Try(Child);
    else if (const auto *F = dyn_cast<ForStmt>(S))
      Try(F->getBody());
    else if (const auto *W = dyn_cast<WhileStmt>(S))
      Try(W->getBody());
    else if (const auto *If = dyn_cast<IfStmt>(S)) {
      Try(If->getThen());
      Try(If->getElse());
    } else if (const auto *OD = dyn_cast<OMPExecutableDirective>(S)) {
      if (const Stmt *Body =
              OD->hasAssociatedStmt() ? OD->getAssociatedStmt() : nullptr) {
        while (const auto *C = dyn_cast<CapturedStmt>(Body))
          Body = C->getCapturedStmt();
        Try(Body);
      }
    }
    forEachChild(S, Walk);
  };
  Walk(D);
  (void)SM;
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
  bool Found = false;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || Found)
      return;
    if (const auto *OD = dyn_cast<OMPExecutableDirective>(S);
        OD && isOpenMPSimdDirective(OD->getDirectiveKind()) &&
        OD->hasAssociatedStmt()) {
      SourceRange R = OD->getAssociatedStmt()->getSourceRange();
      if (!SM.isBeforeInTranslationUnit(At, R.getBegin()) &&
          !SM.isBeforeInTranslationUnit(R.getEnd(), At)) {
        Found = true;
        return;
      }
    }
    forEachChild(S, Walk);
  };
  Walk(D->hasAssociatedStmt() ? D->getAssociatedStmt() : nullptr);
  return Found;
}

constexpr const char *AtomicInSimd =
    "the update is in a 'simd' loop, which allows no 'atomic' before OpenMP "
    "5.0: compile with -fopenmp-version=50 or later";

} // namespace

std::vector<FixItHint>
atomicCapture(const OMPExecutableDirective *D, SourceLocation Target,
              ASTContext &Ctx, std::string &WhyNot,
              llvm::function_ref<bool(SourceLocation)> Writable) {
  // `next[n++] = v;` becomes
  //   int privateer_slot_L;
  //   #pragma omp atomic capture
  //   privateer_slot_L = n++;
  //   next[privateer_slot_L] = v;
  // in a block, and the same in braces as the body of a branch or loop.
  if (atomicForbiddenAt(D, Target, Ctx)) {
    WhyNot = AtomicInSimd;
    return {};
  }
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  const UnaryOperator *Update = nullptr;
  const Stmt *Statement = nullptr, *Holder = nullptr;
  std::function<void(const Stmt *, const Stmt *, const Stmt *)> Walk =
      [&](const Stmt *S, const Stmt *Top, const Stmt *TopHolder) {
        if (!S || Update)
          return;
        if (const auto *UO = dyn_cast<UnaryOperator>(S);
            UO && UO->isIncrementDecrementOp() &&
            UO->getSubExpr()->getBeginLoc() == Target) {
          Update = UO;
          Statement = Top;
          Holder = TopHolder;
          return;
        }
        // Statement positions: in a block, and the bodies of branches and
        // loops (a braced block is valid there too).
        auto IsStatement = [&](const Stmt *C) {
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
        };
        forEachChild(S, [&](const Stmt *C) {
          bool Position = IsStatement(C);
          Walk(C, Position ? C : Top, Position ? S : TopHolder);
        });
      };
  Walk(D, nullptr, nullptr);
  if (!Update || !Statement || Statement == Update) {
    WhyNot = "the update is not inside a statement of its own";
    return {};
  }
  // The one update of its statement, and made whenever the statement runs
  // (not under `?:`, `&&` or `||`, which the capture would take out).
  unsigned Updates = 0;
  bool UnderCondition = false;
  std::function<void(const Stmt *, bool)> Count = [&](const Stmt *S,
                                                      bool Cond) {
    if (!S)
      return;
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
      Count(C, Cond);
  };
  Count(Statement, false);
  if (Updates != 1 || UnderCondition) {
    WhyNot = UnderCondition ? "the update is made only under a condition of "
                              "its expression"
                            : "the statement makes more than one update";
    return {};
  }
  SourceLocation Begin = Statement->getBeginLoc();
  SourceLocation End = Lexer::findLocationAfterToken(Statement->getEndLoc(),
                                                     tok::semi, SM, LO, false);
  if (!Writable(Begin) || !Writable(Update->getBeginLoc()) || End.isInvalid())
    return {};
  QualType T = Update->getType().getUnqualifiedType();
  if (!T->isIntegerType()) {
    WhyNot = "the counter is not an integer";
    return {};
  }
  // Named by its line, and column when it does not start the line (two
  // statements of one line then get two names).
  std::string Name =
      "privateer_slot_" + std::to_string(SM.getExpansionLineNumber(Begin));
  std::string Indent = indentOf(Begin, SM);
  if (SM.getExpansionColumnNumber(Begin) != Indent.size() + 1)
    Name += "_" + std::to_string(SM.getExpansionColumnNumber(Begin));
  std::string UpdateText =
      Lexer::getSourceText(
          CharSourceRange::getTokenRange(Update->getSourceRange()), SM, LO)
          .str();
  std::string Capture = spellType(T, Ctx) + " " + Name +
                        ";\n#pragma omp atomic capture\n" + Indent + Name +
                        " = " + UpdateText + ";\n" + Indent;
  // A closing brace goes after a trailing comment of the statement's line
  // (a NOLINT stays on the line it is about).
  SourceLocation Close = End;
  {
    std::pair<FileID, unsigned> At = SM.getDecomposedLoc(End);
    bool Invalid = false;
    StringRef Buffer = SM.getBufferData(At.first, &Invalid);
    size_t LineEnd = Invalid ? StringRef::npos : Buffer.find('\n', At.second);
    if (LineEnd != StringRef::npos) {
      StringRef Rest = Buffer.slice(At.second, LineEnd).trim();
      if (Rest.starts_with("//") && !Rest.ends_with("\\"))
        Close = SM.getLocForStartOfFile(At.first).getLocWithOffset(LineEnd);
    }
  }
  std::vector<FixItHint> Hints;
  if (isa<CompoundStmt>(Holder)) {
    Hints.push_back(FixItHint::CreateInsertion(Begin, Capture));
  } else {
    // The body of a branch or loop on a line of its own gets braces on the
    // line of its header: `if (c) {` ... `}` under the `if`.
    SourceLocation HeaderEnd;
    if (const auto *If = dyn_cast<IfStmt>(Holder))
      HeaderEnd =
          Statement == If->getElse() ? If->getElseLoc() : If->getRParenLoc();
    else if (const auto *F = dyn_cast<ForStmt>(Holder))
      HeaderEnd = F->getRParenLoc();
    else if (const auto *W = dyn_cast<WhileStmt>(Holder))
      HeaderEnd = W->getRParenLoc();
    SourceLocation AfterHeader =
        HeaderEnd.isValid() ? Lexer::getLocForEndOfToken(HeaderEnd, 0, SM, LO)
                            : SourceLocation();
    bool OwnLine = AfterHeader.isValid() && Writable(AfterHeader) &&
                   SM.getExpansionLineNumber(AfterHeader) <
                       SM.getExpansionLineNumber(Begin) &&
                   indentOf(Begin, SM).size() >=
                       indentOf(Holder->getBeginLoc(), SM).size();
    if (OwnLine) {
      std::string Outer = indentOf(Holder->getBeginLoc(), SM);
      if (const auto *If = dyn_cast<IfStmt>(Holder);
          If && Statement == If->getElse())
        Outer = indentOf(If->getElseLoc(), SM);
      Hints.push_back(FixItHint::CreateInsertion(AfterHeader, " {"));
      Hints.push_back(FixItHint::CreateInsertion(Begin, Capture));
      Hints.push_back(FixItHint::CreateInsertion(Close, "\n" + Outer + "}"));
    } else {
      std::string Inner = Indent + "  ";
      Hints.push_back(FixItHint::CreateInsertion(
          Begin, "{\n" + Inner + spellType(T, Ctx) + " " + Name +
                     ";\n#pragma omp atomic capture\n" + Inner + Name + " = " +
                     UpdateText + ";\n" + Inner));
      Hints.push_back(FixItHint::CreateInsertion(Close, "\n" + Indent + "}"));
    }
  }
  Hints.push_back(FixItHint::CreateReplacement(
      CharSourceRange::getTokenRange(Update->getSourceRange()), Name));
  return Hints;
}

std::vector<FixItHint> atomicUpdates(const remedy::AtomicUpdates &Fix,
                                     const OMPExecutableDirective *D,
                                     ASTContext &Ctx, std::string &WhyNot,
                                     WritableFn Writable) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<FixItHint> Hints;
  for (Loc U : Fix.Updates) {
    const Stmt *S = updateStatement(D, fromLoc(U), SM);
    if (!S) {
      WhyNot = "an update is not a statement of its own";
      return {};
    }
    SourceLocation Begin = S->getBeginLoc();
    if (!Writable(Begin))
      return {};
    if (atomicForbiddenAt(D, Begin, Ctx)) {
      WhyNot = AtomicInSimd;
      return {};
    }
    // The pragma goes on a line of its own before the statement's
    // (which must start its line), in the first column like every
    // directive.
    std::pair<FileID, unsigned> At = SM.getDecomposedLoc(Begin);
    bool Invalid = false;
    StringRef Buffer = SM.getBufferData(At.first, &Invalid);
    if (Invalid)
      return {};
    size_t LineStart = lineStart(Buffer, At.second);
    StringRef Indent = Buffer.slice(LineStart, At.second);
    if (Indent.find_first_not_of(" \t") != StringRef::npos) {
      WhyNot = "an update shares its line with other code";
      return {};
    }
    Hints.push_back(FixItHint::CreateInsertion(
        SM.getLocForStartOfFile(At.first).getLocWithOffset(LineStart),
        "#pragma omp atomic\n"));
  }
  return Hints;
}

} // namespace clangfe
} // namespace privateer
