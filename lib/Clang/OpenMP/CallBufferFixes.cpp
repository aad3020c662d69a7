//===- CallBufferFixes.cpp - A thread's slot made a buffer per call -------===//
//
// Part of privateer. Code that takes the thread's slot, spawns tasks and
// waits for them (a recursive tree walk run by the implicit task of a
// 'single'):
//
//   double *row = work[omp_get_thread_num()];
// becomes
//   double row_buffer[W];
//   double *row = row_buffer;
//
// Each call then has a buffer of its own, which a child task its thread
// runs during the wait cannot take. Exact where nothing else uses the
// thread-indexed buffer (no one reads what a slot held), each call reads
// only what it wrote first, the slot pointer stays in its function, and
// the row is small enough for a stack frame.
//
//===----------------------------------------------------------------------===//

#include "Directives.h"
#include "Fixes.h"

#include "privateer/Clang/CXX/Edits/ASTQueries.h"
#include "privateer/Clang/CXX/Edits/SourceText.h"
#include "privateer/Clang/CXX/KnownFunctions.h"
#include "privateer/Clang/CXX/StmtWalk.h"
#include "privateer/Clang/Handles.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace privateer {
namespace clangfe {
namespace openmpfix {

using clang::Expr;

namespace {

/// The most bytes a buffer per call may take on the stack (recursion keeps
/// one per level).
constexpr uint64_t MaxCallBufferBytes = 16384;
/// How many calls deep the function that takes the slot is looked for.
constexpr unsigned MaxCallDepth = 4;

class ReferenceCounter : public RecursiveASTVisitor<ReferenceCounter> {
public:
  explicit ReferenceCounter(const VarDecl *V) : V(V) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    Count += E->getDecl() == V;
    return true;
  }
  const VarDecl *V;
  unsigned Count = 0;
};

struct Holder {
  const FunctionDecl *Function = nullptr;
  SlotDeclaration Slot;
};

/// The function among those \p S calls (a few levels deep) whose block
/// declares a pointer to a thread's slot of \p Buf.
std::optional<Holder> slotHolder(const Stmt *S, const VarDecl *Buf,
                                 ASTContext &Ctx) {
  llvm::SmallPtrSet<const FunctionDecl *, 8> Seen;
  llvm::SmallVector<std::pair<const Stmt *, unsigned>, 8> Work{{S, 0}};
  while (!Work.empty()) {
    auto [Code, Level] = Work.pop_back_val();
    unsigned Depth = Level; // (a lambda cannot capture a binding in C++17)
    std::optional<Holder> Found;
    forEachStmt(Code, [&](const Stmt *X) {
      const auto *Call = dyn_cast<CallExpr>(X);
      const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
      const FunctionDecl *Def = nullptr;
      if (Found || !FD || !FD->hasBody(Def) || !Seen.insert(Def).second)
        return;
      const auto *Body = dyn_cast<CompoundStmt>(Def->getBody());
      if (!Body)
        return;
      if (auto Slot = slotDeclaration(Body, Buf, Def, Ctx))
        Found = Holder{Def, *Slot};
      else if (Depth + 1 < MaxCallDepth)
        Work.push_back({Body, Depth + 1});
    });
    if (Found)
      return Found;
  }
  return std::nullopt;
}

/// The number of elements of the slot, where the compiler knows it.
std::optional<uint64_t> slotLength(const ThreadSlot &Shape, ASTContext &Ctx) {
  if (Shape.Length) {
    Expr::EvalResult Value;
    if (!Shape.Length->isValueDependent() &&
        Shape.Length->EvaluateAsInt(Value, Ctx) &&
        Value.Val.getInt().isStrictlyPositive())
      return Value.Val.getInt().getZExtValue();
    return std::nullopt;
  }
  // A row of a two-dimensional array.
  const auto *Outer = Ctx.getAsConstantArrayType(Shape.Buffer->getType());
  const auto *Inner =
      Outer ? Ctx.getAsConstantArrayType(Outer->getElementType()) : nullptr;
  if (!Inner)
    return std::nullopt;
  return Inner->getSize().getZExtValue();
}

/// Whether the slot pointer \p P stays in \p FD: it is only subscripted,
/// dereferenced, compared or handed to a function that keeps no pointer
/// (memcpy); never stored, returned, assigned or passed on otherwise.
bool staysInFunction(const VarDecl *P, const FunctionDecl *FD,
                     ASTContext &Ctx) {
  for (const DeclRefExpr *Ref : referencesTo(P, FD->getBody())) {
    DynTypedNode Up = semanticParent(Ref, Ctx);
    if (const auto *AS = Up.get<ArraySubscriptExpr>();
        AS && AS->getBase()->IgnoreParenImpCasts() == Ref)
      continue;
    if (const auto *UO = Up.get<UnaryOperator>();
        UO && UO->getOpcode() == UO_Deref)
      continue;
    if (const auto *Call = Up.get<CallExpr>();
        Call && isKnown(Call, MemoryRange))
      continue;
    return false;
  }
  return true;
}

/// Whether a call of \p FD itself lies between two uses of the slot
/// pointer \p P in its body: then even a run without threads lets the
/// nested call take the same slot (a task runs at once), and the program's
/// result depends on it: a buffer per call would change it.
bool recursionInsideUses(const VarDecl *P, const FunctionDecl *FD,
                         const SourceManager &SM) {
  std::vector<const DeclRefExpr *> Uses = referencesTo(P, FD->getBody());
  if (Uses.empty())
    return false;
  SourceLocation First = Uses.front()->getBeginLoc(), Last = First;
  for (const DeclRefExpr *U : Uses) {
    if (SM.isBeforeInTranslationUnit(U->getBeginLoc(), First))
      First = U->getBeginLoc();
    if (SM.isBeforeInTranslationUnit(Last, U->getBeginLoc()))
      Last = U->getBeginLoc();
  }
  return walkStmts(FD->getBody(), [&](const Stmt *S) {
    const auto *Call = dyn_cast<CallExpr>(S);
    if (Call && Call->getDirectCallee() &&
        Call->getDirectCallee()->getCanonicalDecl() == FD->getCanonicalDecl() &&
        SM.isBeforeInTranslationUnit(First, Call->getBeginLoc()) &&
        SM.isBeforeInTranslationUnit(Call->getBeginLoc(), Last))
      return WalkStep::Interrupt;
    return WalkStep::Advance;
  });
}

} // namespace

FixResult buildBufferPerCall(const Finding &F, const ModelledConstruct &C,
                             EditBuilder &E) {
  ASTContext &Ctx = E.context();
  const VarDecl *Buf = variableOf(F.Buffer);
  if (!Buf)
    return E.decline("the slots are not a variable's");
  auto Found = slotHolder(associatedBody(directiveOf(C)), Buf, Ctx);
  if (!Found)
    return E.decline("no function the construct calls takes its slot as a "
                     "pointer declared in its block ('T *w = " +
                     F.BufferName + "[omp_get_thread_num()]')");
  const SlotDeclaration &Slot = Found->Slot;
  ReferenceCounter Refs(Buf);
  Refs.TraverseDecl(Ctx.getTranslationUnitDecl());
  if (Refs.Count != 1)
    return E.decline("'" + F.BufferName +
                     "' is used elsewhere too, which could read what a "
                     "slot holds");
  if (!std::get<remedy::LeaseBuffer>(F.Fix).KeepContents)
    return E.decline("a call reads elements of its slot that it did not "
                     "write first, which a new buffer would not hold");
  if (!staysInFunction(Slot.Slot, Found->Function, Ctx))
    return E.decline("the slot pointer may leave its function");
  if (recursionInsideUses(Slot.Slot, Found->Function, E.sources()))
    return E.decline("a nested call takes the same slot between two uses even "
                     "without threads (a task then runs at once), and the "
                     "result depends on it: give each call its own buffer "
                     "if that is not what the code means");
  QualType Elem = Slot.Slot->getType()->getPointeeType().getUnqualifiedType();
  auto Length = slotLength(Slot.Shape, Ctx);
  uint64_t ElemBytes =
      Elem->isIncompleteType() ? 0 : Ctx.getTypeSizeInChars(Elem).getQuantity();
  if (!Length || !ElemBytes || *Length > MaxCallBufferBytes / ElemBytes)
    return E.decline("the slot's length is not a constant small enough for a "
                     "buffer on the stack of each call");
  std::string Name = Slot.Slot->getNameAsString() + "_buffer";
  if (!nameIsFree(Name, Found->Function, Ctx))
    Name = "privateer_" + Name;
  if (!nameIsFree(Name, Found->Function, Ctx))
    return E.decline("no free name for the buffer");
  const Expr *Init = Slot.Slot->getInit();
  if (!E.writable(
          {Slot.Decl->getBeginLoc(), Init->getBeginLoc(), Init->getEndLoc()}))
    return E.result();
  E.insert(Slot.Decl->getBeginLoc(),
           Elem.getAsString(Ctx.getPrintingPolicy()) + " " + Name + "[" +
               Slot.Shape.LengthText + "];\n" +
               lineIndent(Slot.Decl->getBeginLoc(), E.sources()));
  E.replaceTokens(Init->getSourceRange(), Name);
  return E.result();
}

} // namespace openmpfix
} // namespace clangfe
} // namespace privateer
