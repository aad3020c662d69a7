//===- FixSupport.cpp - What the fix builders share
//-------------------------===//
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

SourceLocation clauseInsertionPoint(const OMPExecutableDirective *D,
                                    ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  SourceLocation Last;
  for (const OMPClause *C : D->clauses())
    if (C && !C->isImplicit() && C->getEndLoc().isValid() &&
        (Last.isInvalid() ||
         SM.isBeforeInTranslationUnit(Last, C->getEndLoc())))
      Last = C->getEndLoc();
  if (Last.isValid())
    return Lexer::getLocForEndOfToken(Last, 0, SM, LO);

  // `#`, `pragma`, `omp`, then the directive's words.
  SourceLocation Begin = D->getBeginLoc();
  std::pair<FileID, unsigned> At = SM.getDecomposedLoc(Begin);
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(At.first, &Invalid);
  if (Invalid)
    return {};
  Lexer Raw(SM.getLocForStartOfFile(At.first), LO, Buffer.begin(),
            Buffer.begin() + At.second, Buffer.end());
  SmallVector<StringRef, 6> Words;
  llvm::SplitString(
      llvm::omp::getOpenMPDirectiveName(D->getDirectiveKind(), LO.OpenMP),
      Words, " ");
  Token Tok;
  auto Next = [&](StringRef Expected) {
    if (Raw.LexFromRawLexer(Tok) && Tok.is(tok::eof))
      return false;
    if (Expected.empty())
      return Tok.is(tok::hash);
    return Tok.is(tok::raw_identifier) && Tok.getRawIdentifier() == Expected;
  };
  if (!Next("") || !Next("pragma") || !Next("omp"))
    return {};
  for (StringRef W : Words)
    if (!Next(W))
      return {};
  return Tok.getEndLoc();
}

const VarDecl *variableNamedInConstruct(const OMPExecutableDirective *D,
                                        BufferHandle Buffer) {
  // The handle is the node itself: an inner variable of the same name
  // (`int row` in a block of the loop) is another declaration.
  const auto *V = dyn_cast_or_null<VarDecl>(declOf(Buffer));
  if (!V)
    return nullptr;
  bool Found = false;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || Found)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      Found = DRE->getDecl() == V;
    forEachChild(S, Walk);
  };
  Walk(D);
  return Found ? V : nullptr;
}

CharSourceRange statementLines(SourceLocation Begin, SourceLocation End,
                               const SourceManager &SM) {
  std::pair<FileID, unsigned> B = SM.getDecomposedLoc(Begin);
  std::pair<FileID, unsigned> E = SM.getDecomposedLoc(End);
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(B.first, &Invalid);
  if (Invalid || B.first != E.first)
    return CharSourceRange::getCharRange(Begin, End);
  size_t LineStart = lineStart(Buffer, B.second);
  size_t LineEnd = Buffer.find('\n', E.second);
  if (Buffer.slice(LineStart, B.second).find_first_not_of(" \t") !=
          StringRef::npos ||
      LineEnd == StringRef::npos ||
      Buffer.slice(E.second, LineEnd).find_first_not_of(" \t") !=
          StringRef::npos)
    return CharSourceRange::getCharRange(Begin, End);
  SourceLocation FileStart = SM.getLocForStartOfFile(B.first);
  return CharSourceRange::getCharRange(FileStart.getLocWithOffset(LineStart),
                                       FileStart.getLocWithOffset(LineEnd + 1));
}

std::string indentOf(SourceLocation L, const SourceManager &SM) {
  std::pair<FileID, unsigned> At = SM.getDecomposedLoc(L);
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(At.first, &Invalid);
  if (Invalid)
    return "";
  size_t LineStart = lineStart(Buffer, At.second);
  StringRef Prefix = Buffer.slice(LineStart, At.second);
  return Prefix.substr(0, Prefix.find_first_not_of(" \t")).str();
}

std::optional<std::pair<const DeclStmt *, std::vector<const Stmt *>>>
scratchStatements(const FunctionDecl *FD, const VarDecl *V, const Stmt *Loop,
                  const SourceManager &SM) {
  const DeclStmt *Decl = nullptr;
  std::vector<const Stmt *> Releases;
  unsigned Uses = 0, Placed = 0;
  auto Released = [&](const Stmt *S) { return releasedVariable(S) == V; };
  std::function<void(const Stmt *, bool)> Walk = [&](const Stmt *S,
                                                     bool InLoop) {
    // (InLoop: the use moves with the code around it.)
    if (!S)
      return;
    // Uses in the loop and in the declaration itself (`sizeof *w`) stay
    // where they are.
    InLoop |= S == Loop || S == Decl;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == V)
      ++Uses, Placed += InLoop;
    if (const auto *CS = dyn_cast<CompoundStmt>(S))
      for (const Stmt *C : CS->body()) {
        if (const auto *DS = dyn_cast<DeclStmt>(C);
            DS && DS->isSingleDecl() && DS->getSingleDecl() == V)
          Decl = DS;
        if (!InLoop && Released(C) &&
            SM.isBeforeInTranslationUnit(Loop->getEndLoc(), C->getBeginLoc())) {
          Releases.push_back(C);
          ++Placed; // its one use of V is counted below
        }
      }
    forEachChild(S, [&](const Stmt *C) { Walk(C, InLoop); });
  };
  Walk(FD->getBody(), false);
  if (!Decl || Uses != Placed)
    return std::nullopt;
  return std::make_pair(Decl, Releases);
}

void indentMore(const Stmt *S, const SourceManager &SM,
                std::vector<FixItHint> &Hints) {
  bool MultiLineString = false;
  std::function<void(const Stmt *)> Find = [&](const Stmt *X) {
    if (!X || MultiLineString)
      return;
    if (isa<StringLiteral>(X) && SM.getExpansionLineNumber(X->getBeginLoc()) !=
                                     SM.getExpansionLineNumber(X->getEndLoc()))
      MultiLineString = true;
    for (const Stmt *C : X->children())
      Find(C);
  };
  Find(S);
  std::pair<FileID, unsigned> B = SM.getDecomposedLoc(S->getBeginLoc());
  std::pair<FileID, unsigned> E = SM.getDecomposedLoc(S->getEndLoc());
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(B.first, &Invalid);
  if (MultiLineString || Invalid || B.first != E.first ||
      S->getBeginLoc().isMacroID())
    return;
  std::vector<std::pair<unsigned, unsigned>> Removed;
  for (const FixItHint &H : Hints)
    if (H.CodeToInsert.empty() && H.RemoveRange.isCharRange() &&
        SM.getFileID(H.RemoveRange.getBegin()) == B.first)
      Removed.push_back({SM.getFileOffset(H.RemoveRange.getBegin()),
                         SM.getFileOffset(H.RemoveRange.getEnd())});
  size_t LineStart = lineStart(Buffer, B.second);
  SourceLocation FileStart = SM.getLocForStartOfFile(B.first);
  while (LineStart <= E.second) {
    size_t LineEnd = Buffer.find('\n', LineStart);
    if (LineEnd == StringRef::npos)
      LineEnd = Buffer.size();
    bool Blank = Buffer.slice(LineStart, LineEnd).find_first_not_of(" \t\r") ==
                 StringRef::npos;
    bool Gone = llvm::any_of(Removed, [&](auto R) {
      return LineStart >= R.first && LineStart < R.second;
    });
    if (!Blank && !Gone)
      Hints.push_back(FixItHint::CreateInsertion(
          FileStart.getLocWithOffset(LineStart), "  "));
    LineStart = LineEnd + 1;
  }
}

bool mayEscape(const ValueDecl *V, const FunctionDecl *FD) {
  const auto *Var = dyn_cast_or_null<VarDecl>(V);
  // A pointer's value is itself a way in (`g = p;`): only arrays and plain
  // values are followed.
  if (!Var || !FD || !FD->getBody() || !Var->isLocalVarDecl() ||
      Var->isStaticLocal() || Var->getType()->isReferenceType() ||
      Var->getType()->isPointerType())
    return true;
  llvm::SmallPtrSet<const void *, 16> Safe;
  std::vector<SourceLocation> Refs;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    auto MarkSafe = [&](const Expr *E) {
      if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParens());
          DRE && DRE->getDecl() == V)
        Safe.insert(DRE->getLocation().getPtrEncoding());
    };
    // A value read, assigned or stepped; an array's element too, but not
    // an element whose address is taken (`&a[t]`).
    auto Used = [&](const Expr *E) {
      E = E->IgnoreParens();
      MarkSafe(E);
      if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
        MarkSafe(AS->getBase()->IgnoreParenImpCasts());
    };
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(S);
        IC && IC->getCastKind() == CK_LValueToRValue)
      Used(IC->getSubExpr());
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->isAssignmentOp())
      Used(BO->getLHS());
    if (const auto *UO = dyn_cast<UnaryOperator>(S);
        UO && UO->isIncrementDecrementOp())
      Used(UO->getSubExpr());
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == V)
      Refs.push_back(DRE->getLocation());
    forEachChild(S, Walk);
  };
  Walk(FD->getBody());
  // (An OpenMP capture repeats a reference at its location.)
  return llvm::any_of(
      Refs, [&](SourceLocation L) { return !Safe.count(L.getPtrEncoding()); });
}

const NamedDecl *inRuntime(ASTContext &Ctx, StringRef Name) {
  for (const NamedDecl *NS :
       Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get("privateer")))
    if (const auto *N = dyn_cast<NamespaceDecl>(NS))
      for (const NamedDecl *D : N->lookup(&Ctx.Idents.get(Name)))
        return D;
  return nullptr;
}

bool runtimeDeclares(ASTContext &Ctx, StringRef Name) {
  return isa_and_nonnull<ClassTemplateDecl>(inRuntime(Ctx, Name));
}

uint64_t runtimeCacheLine(ASTContext &Ctx) {
  const auto *Line = dyn_cast_or_null<VarDecl>(inRuntime(Ctx, "cache_line"));
  if (!Line || !runtimeDeclares(Ctx, "padded"))
    return 0;
  const APValue *Value = Line->evaluateValue();
  return Value && Value->isInt() ? Value->getInt().getZExtValue() : 0;
}

bool assignedAfterInit(const VarDecl *V, const FunctionDecl *FD) {
  bool Assigned = false;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || Assigned)
      return;
    auto Names = [&](const Expr *E) {
      const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
      return DRE && DRE->getDecl() == V;
    };
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->isAssignmentOp() && Names(BO->getLHS()))
      Assigned = true;
    if (const auto *UO = dyn_cast<UnaryOperator>(S);
        UO && (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) &&
        Names(UO->getSubExpr()))
      Assigned = true;
    forEachChild(S, Walk);
  };
  if (FD)
    Walk(FD->getBody());
  return Assigned;
}

} // namespace clangfe
} // namespace privateer
