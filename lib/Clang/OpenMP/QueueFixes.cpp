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

#include "FixSupport.h"
#include "privateer/Clang/SourceLoc.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <functional>

using namespace clang;

namespace privateer {
namespace clangfe {

namespace {

/// Bytes of each thread's buffer in the counter form: big enough that the
/// reservation is rare, small enough for any thread's stack.
constexpr uint64_t QueueBufferBytes = 16384;

const VarDecl *referencedVar(const clang::Expr *E) {
  const auto *DRE =
      dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

/// How many times \p S names \p V.
unsigned uses(const Stmt *S, const VarDecl *V) {
  if (!S)
    return 0;
  unsigned N = 0;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == V)
    ++N;
  for (const Stmt *C : S->children())
    N += uses(C, V);
  return N;
}

/// The loop after a split: the region's block closes after it.
SourceLocation afterLoop(const ForStmt *Loop, const SourceManager &SM,
                         const LangOptions &LO) {
  SourceLocation After = Lexer::findLocationAfterToken(
      Loop->getEndLoc(), tok::semi, SM, LO, false);
  return After.isValid()
             ? After
             : Lexer::getLocForEndOfToken(Loop->getEndLoc(), 0, SM, LO);
}

/// next.push_back(v) -> privateer_next.push_back(v); after the loop the
/// thread's elements join the queue under `critical`.
std::vector<FixItHint> containerQueue(const VarDecl *Q,
                                      const OMPExecutableDirective *D,
                                      const ForStmt *Loop, ASTContext &Ctx,
                                      std::string &WhyNot,
                                      WritableFn Writable) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Name = Q->getName().str();
  std::string Fresh = "privateer_" + Name;
  std::vector<FixItHint> Hints;
  unsigned Appends = 0;
  bool Ok = true;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || !Ok)
      return;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S))
      if (const CXXMethodDecl *MD = MC->getMethodDecl();
          MD && MD->getIdentifier() &&
          (MD->getName() == "push_back" || MD->getName() == "emplace_back"))
        if (const auto *DRE = dyn_cast<DeclRefExpr>(
                MC->getImplicitObjectArgument()->IgnoreParenImpCasts());
            DRE && DRE->getDecl() == Q) {
          if (!Writable(DRE->getLocation())) {
            Ok = false;
            return;
          }
          ++Appends;
          Hints.push_back(FixItHint::CreateReplacement(
              CharSourceRange::getTokenRange(DRE->getLocation()), Fresh));
        }
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(Loop->getBody());
  if (!Ok)
    return {};
  if (!Appends || Appends != uses(Loop, Q)) {
    WhyNot = "the loop uses '" + Name + "' other than to append to it";
    return {};
  }
  QualType T = Q->getType().getNonReferenceType().getUnqualifiedType();
  std::string Indent = indentOf(Loop->getBeginLoc(), SM);
  auto Header = splitHeader(D, Indent, spellType(T, Ctx) + " " + Fresh + ";",
                            Ctx, WhyNot, " nowait");
  if (!Header)
    return {};
  Hints.insert(Hints.begin(), *Header);
  indentMore(Loop, SM, Hints);
  Hints.push_back(FixItHint::CreateInsertion(
      afterLoop(Loop, SM, Ctx.getLangOpts()),
      "\n#pragma omp critical\n" + Indent + "  " + Name + ".insert(" + Name +
          ".end(), " + Fresh + ".begin(), " + Fresh + ".end());\n" + Indent +
          "}"));
  return Hints;
}

/// The statement `q[n++] = v;` whose target starts at \p At.
const BinaryOperator *appendAt(const Stmt *S, SourceLocation At) {
  if (!S)
    return nullptr;
  if (const auto *BO = dyn_cast<BinaryOperator>(S);
      BO && BO->getOpcode() == BO_Assign && BO->getLHS()->getBeginLoc() == At)
    return BO;
  for (const Stmt *C : S->children())
    if (const BinaryOperator *Found = appendAt(C, At))
      return Found;
  return nullptr;
}

/// Whether \p E is a full statement (its value unused), so that it can be
/// replaced by a block.
bool isStatement(const clang::Expr *E, const Stmt *Body) {
  std::function<bool(const Stmt *)> Find = [&](const Stmt *S) {
    if (!S)
      return false;
    auto Direct = [&](const Stmt *C) { return C == cast<Stmt>(E); };
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      for (const Stmt *C : CS->body())
        if (Direct(C))
          return true;
    } else if (const auto *If = dyn_cast<IfStmt>(S)) {
      if (Direct(If->getThen()) || Direct(If->getElse()))
        return true;
    } else if (const auto *F = dyn_cast<ForStmt>(S)) {
      if (Direct(F->getBody()))
        return true;
    } else if (const auto *W = dyn_cast<WhileStmt>(S)) {
      if (Direct(W->getBody()))
        return true;
    } else if (const auto *Do = dyn_cast<DoStmt>(S)) {
      if (Direct(Do->getBody()))
        return true;
    }
    for (const Stmt *C : S->children())
      if (Find(C))
        return true;
    return false;
  };
  return Find(Body);
}

/// next[n++] = v -> the thread's buffer; a full buffer, and what is left
/// after the loop, are copied to room reserved by one `atomic capture`.
std::vector<FixItHint> counterQueue(const remedy::BufferAppends &Fix,
                                    const OMPExecutableDirective *D,
                                    const ForStmt *Loop, ASTContext &Ctx,
                                    std::string &WhyNot, WritableFn Writable) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
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
      uses(Loop, Q) != 1 || uses(Loop, N) != 1) {
    WhyNot = "the append is not a statement 'q[n++] = v;' of its own, or "
             "the loop uses the queue or its counter elsewhere";
    return {};
  }
  QualType Element = Subscript->getType().getUnqualifiedType();
  if (Element->isIncompleteType() || Element->isDependentType() ||
      Element->getAsCXXRecordDecl()) {
    WhyNot = "the queue's elements are not plain values";
    return {};
  }
  uint64_t Size = Ctx.getTypeSizeInChars(Element).getQuantity();
  if (!Size || Size > QueueBufferBytes / 16) {
    WhyNot = "the queue's elements are too large for a buffer per thread";
    return {};
  }
  SourceLocation End = Lexer::findLocationAfterToken(Assign->getEndLoc(),
                                                     tok::semi, SM, LO, false);
  if (End.isInvalid() || !Writable(Assign->getBeginLoc()) ||
      !Writable(Assign->getEndLoc()))
    return {};

  std::string Queue = Q->getName().str(), Count = N->getName().str();
  std::string Buf = "privateer_" + Queue, Len = Buf + "_len";
  std::string Capacity = std::to_string(QueueBufferBytes / Size);
  std::string CountType = spellType(N->getType().getUnqualifiedType(), Ctx);
  std::string Value =
      Lexer::getSourceText(
          CharSourceRange::getTokenRange(Assign->getRHS()->getSourceRange()),
          SM, LO)
          .str();
  // The copy of a buffer into room reserved in the queue, at indent I.
  auto Flush = [&](const std::string &I) {
    return I + CountType + " privateer_base;\n" +
           "#pragma omp atomic capture\n" + I + "{ privateer_base = " + Count +
           "; " + Count + " += " + Len + "; }\n" + I + "for (" + CountType +
           " privateer_k = 0; privateer_k < " + Len + "; privateer_k++)\n" + I +
           "  " + Queue + "[privateer_base + privateer_k] = " + Buf +
           "[privateer_k];\n";
  };
  // The statement's line moves two spaces right with the loop.
  std::string At = indentOf(Assign->getBeginLoc(), SM) + "  ";
  std::string Indent = indentOf(Loop->getBeginLoc(), SM);
  auto Header =
      splitHeader(D, Indent,
                  spellType(Element, Ctx) + " " + Buf + "[" + Capacity +
                      "];\n" + Indent + "  " + CountType + " " + Len + " = 0;",
                  Ctx, WhyNot, " nowait");
  if (!Header)
    return {};
  std::vector<FixItHint> Hints{*Header};
  Hints.push_back(FixItHint::CreateReplacement(
      CharSourceRange::getCharRange(Assign->getBeginLoc(), End),
      "{\n" + At + "  if (" + Len + " == " + Capacity + ") {\n" +
          Flush(At + "    ") + At + "    " + Len + " = 0;\n" + At + "  }\n" +
          At + "  " + Buf + "[" + Len + "++] = " + Value + ";\n" + At + "}"));
  indentMore(Loop, SM, Hints);
  Hints.push_back(FixItHint::CreateInsertion(
      afterLoop(Loop, SM, LO), "\n" + Flush(Indent + "  ") + Indent + "}"));
  return Hints;
}

} // namespace

std::vector<FixItHint> localQueue(const remedy::BufferAppends &Fix,
                                  BufferHandle Buffer,
                                  const OMPExecutableDirective *D,
                                  ASTContext &Ctx, std::string &WhyNot,
                                  WritableFn Writable) {
  const ForStmt *Loop = splittableLoop(D, WhyNot);
  if (!Loop || !Writable(D->getBeginLoc()))
    return {};
  if (Fix.Counter)
    return counterQueue(Fix, D, Loop, Ctx, WhyNot, Writable);
  const VarDecl *Q = variableNamedInConstruct(D, Buffer);
  if (!Q) {
    WhyNot = "the queue is not a variable the loop names";
    return {};
  }
  return containerQueue(Q, D, Loop, Ctx, WhyNot, Writable);
}

} // namespace clangfe
} // namespace privateer
