//===- QueueFixes.cpp - Per-thread buffers for shared queues --------------===//
//
// Part of privateer. A `parallel for` that appends to one shared queue
// (`next.push_back(v)`, `next[n++] = v`; a BFS frontier, a list of hits)
// becomes a parallel region in which each thread collects its appends in a
// buffer of its own and adds them to the queue in bulk: the container's
// buffer once, after the thread's last iteration, under `critical`; the
// counter's buffer whenever it fills, and once at the end, with one `atomic
// capture` reserving the room. That is the rewrite GAPBS' QueueBuffer
// makes; it trades the order of the queue's elements (the order of a
// parallel run's appends is unspecified anyway) for one synchronization
// per thread or per buffer instead of one per element.
//
//===----------------------------------------------------------------------===//

#include "Fixes.h"
#include "Split.h"

#include "privateer/Clang/CXX/Edits/ASTQueries.h"
#include "privateer/Clang/CXX/Edits/SourceText.h"
#include "privateer/Clang/CXX/KnownFunctions.h"
#include "privateer/Clang/CXX/SizedContainer.h"
#include "privateer/Clang/CXX/StmtWalk.h"
#include "privateer/Clang/Handles.h"
#include "privateer/Clang/SourceLoc.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace privateer {
namespace clangfe {
namespace openmpfix {

using clang::Expr;

namespace {

/// Bytes of each thread's buffer in the counter form: big enough that the
/// reservation is rare, small enough for any thread's stack.
constexpr uint64_t QueueBufferBytes = 16384;

const VarDecl *referencedVar(const clang::Expr *E) {
  const auto *DRE =
      dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

/// The appends `q.push_back(v)` (or emplace_back) to \p Q in \p S.
std::vector<const DeclRefExpr *> appendsTo(const VarDecl *Q, const Stmt *S) {
  std::vector<const DeclRefExpr *> Appends;
  forEachStmt(
      S,
      [&](const Stmt *X) {
        if (const auto *MC = dyn_cast<CXXMemberCallExpr>(X))
          if (const CXXMethodDecl *MD = MC->getMethodDecl();
              MD && MD->getIdentifier() &&
              (nameFamilies(MD->getName()) & family::Appends))
            if (const auto *DRE = dyn_cast<DeclRefExpr>(
                    MC->getImplicitObjectArgument()->IgnoreParenImpCasts());
                DRE && DRE->getDecl() == Q)
              Appends.push_back(DRE);
      },
      CapturedChildren::Captures);
  return Appends;
}

/// next.push_back(v) -> privateer_next.push_back(v); after the loop the
/// thread's elements join the queue under `critical`.
FixResult containerQueue(const VarDecl *Q, const OMPExecutableDirective *D,
                         const ForStmt *Loop, EditBuilder &E) {
  ASTContext &Ctx = E.context();
  const SourceManager &SM = E.sources();
  std::string Name = Q->getName().str();
  std::string Fresh = "privateer_" + Name;
  std::vector<const DeclRefExpr *> Appends = appendsTo(Q, Loop->getBody());
  for (const DeclRefExpr *A : Appends)
    if (!E.writable(A->getLocation()))
      return E.result();
  if (Appends.empty() || Appends.size() != referencesTo(Q, Loop).size())
    return E.decline("the loop uses '" + Name + "' other than to append to it");
  QualType T = Q->getType().getNonReferenceType().getUnqualifiedType();
  std::string Indent = lineIndent(Loop->getBeginLoc(), SM);
  auto Header = splitHeader(D, Indent, spellType(T, Ctx) + " " + Fresh + ";",
                            Ctx, " nowait");
  if (!Header)
    return Header.takeError();
  E.append({*Header});
  for (const DeclRefExpr *A : Appends)
    E.replaceTokens(A->getLocation(), Fresh);
  E.indentMore(Loop);
  // Indented like the split's `#pragma omp for` (splitHeader).
  std::string PragmaIndent =
      lineIndent(D->getBeginLoc(), SM).empty() ? "" : Indent + "  ";
  E.insert(statementEnd(Loop, Ctx),
           "\n" + PragmaIndent + "#pragma omp critical\n" + Indent + "  " +
               Name + ".insert(" + Name + ".end(), " + Fresh + ".begin(), " +
               Fresh + ".end());\n" + Indent + "}");
  return E.result();
}

/// The statement `q[n++] = v;` whose target starts at \p At.
const BinaryOperator *appendAt(const Stmt *S, SourceLocation At) {
  if (const auto *BO = dyn_cast<BinaryOperator>(S);
      BO && BO->getOpcode() == BO_Assign && BO->getLHS()->getBeginLoc() == At)
    return BO;
  for (const Stmt *C : S->children())
    if (C)
      if (const BinaryOperator *Found = appendAt(C, At))
        return Found;
  return nullptr;
}

/// Whether \p E is a full statement (its value unused), so that it can be
/// replaced by a block.
bool isStatement(const clang::Expr *E, const Stmt *Body) {
  auto Direct = [&](const Stmt *C) { return C == cast<Stmt>(E); };
  // Where E sits directly in a block or as a branch's or loop's body.
  auto HoldsAsStatement = [&](const Stmt *S) {
    if (const auto *CS = dyn_cast<CompoundStmt>(S))
      return llvm::any_of(CS->body(), Direct);
    if (const auto *If = dyn_cast<IfStmt>(S))
      return Direct(If->getThen()) || Direct(If->getElse());
    if (const auto *F = dyn_cast<ForStmt>(S))
      return Direct(F->getBody());
    if (const auto *W = dyn_cast<WhileStmt>(S))
      return Direct(W->getBody());
    if (const auto *Do = dyn_cast<DoStmt>(S))
      return Direct(Do->getBody());
    return false;
  };
  return walkStmts(
      Body,
      [&](const Stmt *S) {
        return HoldsAsStatement(S) ? WalkStep::Interrupt : WalkStep::Advance;
      },
      CapturedChildren::Captures);
}

/// The code that copies `Buf[0, Len)` into room reserved in the queue by
/// one `atomic capture` on its counter, at indent \p I.
std::string flushText(const std::string &I, const std::string &CountType,
                      const std::string &Queue, const std::string &Count,
                      const std::string &Buf, const std::string &Len) {
  return I + CountType + " privateer_base;\n" + "#pragma omp atomic capture\n" +
         I + "{ privateer_base = " + Count + "; " + Count + " += " + Len +
         "; }\n" + I + "for (" + CountType +
         " privateer_k = 0; privateer_k < " + Len + "; privateer_k++)\n" + I +
         "  " + Queue + "[privateer_base + privateer_k] = " + Buf +
         "[privateer_k];\n";
}

/// next[n++] = v -> the thread's buffer; a full buffer, and what is left
/// after the loop, are copied to room reserved by one `atomic capture`.
FixResult counterQueue(const remedy::BufferAppends &Fix,
                       const OMPExecutableDirective *D, const ForStmt *Loop,
                       EditBuilder &E) {
  ASTContext &Ctx = E.context();
  const SourceManager &SM = E.sources();
  const BinaryOperator *Assign = appendAt(Loop->getBody(), fromLoc(Fix.Append));
  const auto *Subscript =
      Assign ? dyn_cast<ArraySubscriptExpr>(Assign->getLHS()->IgnoreParens())
             : nullptr;
  const auto *Inc =
      Subscript ? dyn_cast<UnaryOperator>(Subscript->getIdx()->IgnoreParens())
                : nullptr;
  const VarDecl *Q = Subscript ? referencedVar(Subscript->getBase()) : nullptr;
  const VarDecl *N = Inc && Inc->getOpcode() == UO_PostInc
                         ? referencedVar(Inc->getSubExpr())
                         : nullptr;
  if (!Q || !N || Q != declOf(Fix.Queue) || N != declOf(Fix.Counter) ||
      !N->getType()->isIntegerType() || !isStatement(Assign, Loop->getBody()) ||
      referencesTo(Q, Loop).size() != 1 || referencesTo(N, Loop).size() != 1)
    return E.decline("the append is not a statement 'q[n++] = v;' of its own, "
                     "or the loop uses the queue or its counter elsewhere");
  QualType Element = Subscript->getType().getUnqualifiedType();
  if (Element->isIncompleteType() || Element->isDependentType() ||
      Element->getAsCXXRecordDecl())
    return E.decline("the queue's elements are not plain values");
  uint64_t Size = Ctx.getTypeSizeInChars(Element).getQuantity();
  if (!Size || Size > QueueBufferBytes / 16)
    return E.decline(
        "the queue's elements are too large for a buffer per thread");
  SourceLocation End = Lexer::findLocationAfterToken(
      Assign->getEndLoc(), tok::semi, SM, E.lang(), false);
  if (!E.writable({Assign->getBeginLoc(), Assign->getEndLoc()}))
    return E.result();
  if (End.isInvalid())
    return E.decline("");
  std::string Queue = Q->getName().str(), Count = N->getName().str();
  std::string Buf = "privateer_" + Queue, Len = Buf + "_len";
  std::string Capacity = std::to_string(QueueBufferBytes / Size);
  std::string CountType = spellType(N->getType().getUnqualifiedType(), Ctx);
  std::string Value = tokensOf(Assign->getRHS()->getSourceRange(), Ctx);
  // The statement's line moves two spaces right with the loop.
  std::string At = lineIndent(Assign->getBeginLoc(), SM) + "  ";
  std::string Indent = lineIndent(Loop->getBeginLoc(), SM);
  auto Header =
      splitHeader(D, Indent,
                  spellType(Element, Ctx) + " " + Buf + "[" + Capacity +
                      "];\n" + Indent + "  " + CountType + " " + Len + " = 0;",
                  Ctx, " nowait");
  if (!Header)
    return Header.takeError();
  E.append({*Header});
  E.replace(CharSourceRange::getCharRange(Assign->getBeginLoc(), End),
            "{\n" + At + "  if (" + Len + " == " + Capacity + ") {\n" +
                flushText(At + "    ", CountType, Queue, Count, Buf, Len) + At +
                "    " + Len + " = 0;\n" + At + "  }\n" + At + "  " + Buf +
                "[" + Len + "++] = " + Value + ";\n" + At + "}");
  E.indentMore(Loop);
  E.insert(statementEnd(Loop, Ctx),
           "\n" + flushText(Indent + "  ", CountType, Queue, Count, Buf, Len) +
               Indent + "}");
  return E.result();
}

} // namespace

FixResult buildBufferAppends(const Finding &F, const ModelledConstruct &C,
                             EditBuilder &E) {
  const OMPExecutableDirective *D = directiveOf(C);
  const auto &Fix = std::get<remedy::BufferAppends>(F.Fix);
  auto Loop = splittableLoop(D);
  if (!Loop)
    return Loop.takeError();
  if (!E.writable(D->getBeginLoc()))
    return E.result();
  if (Fix.Counter)
    return counterQueue(Fix, D, *Loop, E);
  const VarDecl *Q = variableNamedInConstruct(D, F.Buffer);
  if (!Q)
    return E.decline("the queue is not a variable the loop names");
  return containerQueue(Q, D, *Loop, E);
}

} // namespace openmpfix
} // namespace clangfe
} // namespace privateer
