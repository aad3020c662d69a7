//===- TargetResolver.cpp - Where lvalues and pointers land ---------------===//
//
// Part of privateer. Where the access walk's lvalues and pointers land
// (AccessWalker): variables, subscripts, fields, overloaded
// subscripts and element accessors, wrapped references, and the buffer a
// pointer holds (its provenance, fresh allocations, casts, arithmetic and
// data() of a container).
//
//===----------------------------------------------------------------------===//

#include "AccessQueries.h"

#include "RegionContext.h"
#include "TypeValues.h"
#include "privateer/Clang/CXX/KnownFunctions.h"
#include "privateer/Clang/CXX/KnownTypes.h"
#include "privateer/Clang/CXX/ReferenceWrapper.h"
#include "privateer/Clang/CXX/RegionBuilder.h"
#include "privateer/Clang/CXX/StmtWalk.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"

using namespace clang;

namespace privateer {
namespace clangfe {

using namespace accessquery;

namespace {
/// What a smart pointer or a heap container hands out lives apart from the
/// object: slots of `vector<unique_ptr<T[]>>` are 8 bytes apart, the blocks
/// they own are not, so the byte distance between slots says nothing about
/// the elements. (std::array keeps its elements inside.)
bool elementsApart(QualType T) {
  const CXXRecordDecl *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD || !RD->isInStdNamespace())
    return false;
  return typeFamilies(RD) & typefamily::ElementsApart;
}
} // namespace

std::optional<Target> TargetResolver::resolveLValue(const Expr *E) {
  if (!E)
    return std::nullopt;
  E = E->IgnoreParens();
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(E)) {
    CastKind CK = IC->getCastKind();
    if (CK == CK_NoOp || CK == CK_UncheckedDerivedToBase ||
        CK == CK_DerivedToBase || CK == CK_LValueBitCast)
      return resolveLValue(IC->getSubExpr());
    // `T &y = r;` of a std::reference_wrapper r.
    if (CK == CK_UserDefinedConversion)
      if (const Expr *W = unwrappedReference(IC->getSubExpr()))
        return resolveWrapped(W);
    return std::nullopt;
  }
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    return resolveLValue(MT->getSubExpr());
  if (const Expr *W = unwrappedReference(E))
    return resolveWrapped(W); // `r.get()`

  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return resolveVariable(DRE);
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    return resolveSubscript(AS);
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_Deref)
      return resolvePointer(UO->getSubExpr());
    return std::nullopt;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return resolveMember(ME);
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E))
    return resolveOperatorCall(OC);

  if (auto TE = tupleElement(E)) {
    auto T = resolveLValue(TE->Object);
    if (!T)
      return std::nullopt;
    if (TE->Member)
      pushDim(*T, SymExpr::constant(TE->K), 0,
              "get<" + std::to_string(TE->K) + ">");
    else
      pushDim(*T, SymExpr::constant(TE->K), sizeOf(State.AST, E->getType()));
    return T;
  }

  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
    return resolveElementAccessor(MC);
  return std::nullopt;
}

std::optional<Target> TargetResolver::resolveVariable(const DeclRefExpr *DRE) {
  const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
  if (!V)
    return std::nullopt;
  // A followed lambda's copy of V: the closure's own storage.
  if (DRE->refersToEnclosingVariableOrCapture() &&
      State.CopiedCaptures.count(V))
    return std::nullopt;
  if (auto It = State.Aliases.find(V); It != State.Aliases.end()) {
    if (V->getType()->isReferenceType())
      return It->second;
  }
  if (V->getType()->isReferenceType() &&
      (State.ItemLocals.count(V) || State.ThreadLocals.count(V)))
    return std::nullopt; // a reference we could not follow
  Target T;
  T.Decl = V;
  T.Scalar = !V->getType()->isArrayType();
  return T;
}

std::optional<Target>
TargetResolver::resolveSubscript(const ArraySubscriptExpr *AS) {
  const Expr *Base = AS->getBase()->IgnoreParens();
  std::optional<Target> T;
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(Base);
      IC && IC->getCastKind() == CK_ArrayToPointerDecay) {
    T = resolveLValue(IC->getSubExpr());
    if (!T)
      return std::nullopt;
    pushDim(*T, Ctx.Exprs.translate(AS->getIdx()),
            sizeOf(State.AST, AS->getType()));
    T->Scalar = false;
    return T;
  }
  T = resolvePointer(Base);
  if (!T)
    return std::nullopt;
  if (T->Scalar || T->Index.empty())
    return std::nullopt; // `(&x)[k]`: not an array
  T->Index.back() = SymExpr::binary(ExprKind::Add, T->Index.back(),
                                    Ctx.Exprs.translate(AS->getIdx()));
  return T;
}

std::optional<Target> TargetResolver::resolveMember(const MemberExpr *ME) {
  const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
  if (!FD)
    return std::nullopt;
  std::optional<Target> T;
  if (isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts())) {
    // In a method the work item calls on an object: a member of that
    // object (none when the object is not known).
    if (!State.ThisObjects.empty() && !State.ThisObjects.back().Enclosing) {
      T = State.ThisObjects.back().Object;
      if (!T)
        return std::nullopt;
    } else {
      // A field of the object the construct's member function runs on: a
      // buffer of its own, shared like the object.
      Target F;
      F.Decl = FD;
      F.Scalar = !FD->getType()->isArrayType();
      return F;
    }
  } else {
    T = ME->isArrow() ? resolvePointer(ME->getBase())
                      : resolveLValue(ME->getBase());
  }
  if (!T)
    return std::nullopt;
  if (T->Scalar && !T->Index.empty())
    T->Index.pop_back(); // `p->f` of `p = &s` is `s.f`
  // Members of a union overlap: they all start at number 0.
  int64_t Member = FD->getParent()->isUnion() ? 0 : FD->getFieldIndex();
  pushDim(*T, SymExpr::constant(Member), 0, FD->getNameAsString());
  T->Scalar = false;
  return T;
}

std::optional<Target>
TargetResolver::resolveOperatorCall(const CXXOperatorCallExpr *OC) {
  if (OC->getOperator() == OO_Star && OC->getNumArgs() == 1) {
    // `*it` of an iterator that walks a buffer.
    if (const auto *DRE =
            dyn_cast<DeclRefExpr>(OC->getArg(0)->IgnoreParenImpCasts()))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        if (auto It = State.Aliases.find(V); It != State.Aliases.end())
          return It->second;
    return std::nullopt;
  }
  if (OC->getOperator() == OO_Subscript && OC->getNumArgs() == 2) {
    auto T = resolveLValue(OC->getArg(0));
    if (!T)
      return std::nullopt;
    if (elementsApart(OC->getArg(0)->getType()))
      for (uint64_t &Stride : T->Strides)
        Stride = 0;
    pushDim(*T, Ctx.Exprs.translate(OC->getArg(1)),
            sizeOf(State.AST, OC->getType()));
    T->Scalar = false;
    return T;
  }
  if (OC->getOperator() == OO_Subscript) {
    // C++23's `m[i, j]` (one dimension per index, layout unknown) and
    // `m[]` (one element, the same for every work item).
    auto T = resolveLValue(OC->getArg(0));
    if (!T)
      return std::nullopt;
    for (uint64_t &Stride : T->Strides)
      Stride = 0;
    if (OC->getNumArgs() == 1)
      pushDim(*T, SymExpr::constant(0), 0);
    for (unsigned I = 1; I < OC->getNumArgs(); ++I)
      pushDim(*T, Ctx.Exprs.translate(OC->getArg(I)), 0);
    return T;
  }
  return std::nullopt;
}

std::optional<Target>
TargetResolver::resolveElementAccessor(const CXXMemberCallExpr *MC) {
  const CXXMethodDecl *MD = MC->getMethodDecl();
  if (!MD || !MD->getIdentifier() || !MC->getImplicitObjectArgument())
    return std::nullopt;
  KnownName Name = knownName(MD);
  if (!(nameFamilies(MD->getName()) & family::ElementRef))
    return std::nullopt;
  const Expr *Obj = MC->getImplicitObjectArgument();
  auto T = Obj->getType()->isPointerType() ? resolvePointer(Obj)
                                           : resolveLValue(Obj);
  if (!T)
    return std::nullopt;
  uint64_t Stride = sizeOf(State.AST, MC->getType());
  if (Name == KnownName::At && MC->getNumArgs() == 1)
    pushDim(*T, Ctx.Exprs.translate(MC->getArg(0)), Stride);
  else if (Name == KnownName::Front)
    pushDim(*T, SymExpr::constant(0), Stride);
  else
    pushDim(*T, Ctx.Exprs.opaque(MC, false), Stride);
  T->Scalar = false;
  return T;
}

std::optional<Target> TargetResolver::resolveWrapped(const Expr *Wrapper) {
  // The wrapper's copy (a by-copy capture) is the body's, but every copy
  // refers to the one object: what it refers to is shared like that object.
  const auto *DRE = dyn_cast<DeclRefExpr>(Wrapper->IgnoreParenImpCasts());
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!V || V->getType()->isReferenceType() || !V->getInit() ||
      !(V->isLocalVarDecl() || V->isInitCapture()) || V->isStaticLocal() ||
      !State.Spec.Function || !State.Spec.Function->getBody())
    return std::nullopt;
  // Every use in the function reads it (a const member: get(), the
  // conversion, a copy); anything else could rebind it (`r = std::ref(y)`,
  // a non-const reference to it), and which object it names is not known.
  unsigned Uses = 0, Reads = 0;
  forEachStmt(State.Spec.Function->getBody(), [&](const Stmt *S) {
    auto Names = [&](const Expr *E) {
      const auto *R = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
      return R && R->getDecl() == V;
    };
    if (const auto *R = dyn_cast<DeclRefExpr>(S); R && R->getDecl() == V)
      ++Uses;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S))
      if (MC->getMethodDecl() && MC->getMethodDecl()->isConst() &&
          MC->getImplicitObjectArgument() &&
          Names(MC->getImplicitObjectArgument()))
        ++Reads;
    if (const auto *CE = dyn_cast<CXXConstructExpr>(S))
      if (CE->getNumArgs() == 1 && CE->getConstructor()->isCopyConstructor() &&
          Names(CE->getArg(0)))
        ++Reads;
    // A capture by reference names it; the lambda's own uses are scanned.
    if (const auto *L = dyn_cast<LambdaExpr>(S))
      for (const Expr *Init : L->capture_inits())
        if (Init && isa<DeclRefExpr>(Init) && Names(Init))
          ++Reads;
  });
  if (Uses != Reads)
    return std::nullopt;
  const Expr *Object = wrappedObject(V->getInit());
  return Object ? resolveLValue(Object) : std::nullopt;
}

uint64_t TargetResolver::pointeeSize(const ValueDecl *V) const {
  QualType T = V->getType().getNonReferenceType();
  if (T->isPointerType())
    return sizeOf(State.AST, T->getPointeeType());
  if (const ArrayType *AT = State.AST.getAsArrayType(T))
    return sizeOf(State.AST, AT->getElementType());
  return 0;
}

bool TargetResolver::isFreshAllocation(const Expr *E) const {
  E = E->IgnoreParenCasts();
  if (isa<CXXNewExpr>(E))
    return true;
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return isKnown(Call, Allocator);
  return false;
}

namespace {
/// The variable and the fields `d.a.b` names (innermost last), through `.`
/// only; null for anything else.
const VarDecl *memberPath(const Expr *E,
                          llvm::SmallVectorImpl<const FieldDecl *> &Path) {
  Path.clear();
  E = E->IgnoreParenImpCasts();
  while (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!F || ME->isArrow())
      return nullptr;
    Path.push_back(F);
    E = ME->getBase()->IgnoreParenImpCasts();
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  std::reverse(Path.begin(), Path.end());
  return DRE && !Path.empty() ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}
} // namespace

bool TargetResolver::memberHoldsFreshAllocation(const MemberExpr *ME) {
  llvm::SmallVector<const FieldDecl *, 4> Path;
  const VarDecl *V = memberPath(ME, Path);
  if (!V || V->getType()->isReferenceType() || !State.ItemLocals.count(V))
    return false;
  // Its value at the declaration: none (or a value-initialized object,
  // whose pointers are null).
  if (const Expr *Init = V->getInit();
      Init && !isa<ImplicitValueInitExpr>(Init) &&
      !(isa<CXXConstructExpr>(Init) &&
        cast<CXXConstructExpr>(Init)->getConstructor()->isTrivial()))
    return false;
  // Every value the member gets in the work item is a fresh block; the
  // object is never assigned whole, nor its address taken (code elsewhere
  // could then store into it).
  unsigned Fresh = 0;
  bool Other = false;
  forEachStmt(State.Body, [&](const Stmt *S) {
    if (const auto *UO = dyn_cast<UnaryOperator>(S);
        UO && UO->getOpcode() == UO_AddrOf) {
      llvm::SmallVector<const FieldDecl *, 4> Taken;
      const Expr *Of = UO->getSubExpr()->IgnoreParenImpCasts();
      if (const auto *DRE = dyn_cast<DeclRefExpr>(Of))
        Other |= DRE->getDecl() == V;
      else
        Other |= memberPath(Of, Taken) == V;
    }
    const auto *BO = dyn_cast<BinaryOperator>(S);
    if (!BO || !BO->isAssignmentOp())
      return;
    const Expr *LHS = BO->getLHS()->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(LHS)) {
      Other |= DRE->getDecl() == V;
      return;
    }
    llvm::SmallVector<const FieldDecl *, 4> Assigned;
    if (memberPath(LHS, Assigned) != V || Assigned != Path)
      return;
    if (BO->getOpcode() == BO_Assign && isFreshAllocation(BO->getRHS()))
      ++Fresh;
    else
      Other = true;
  });
  return Fresh > 0 && !Other;
}

std::optional<Target> TargetResolver::provenance(const VarDecl *V) {
  if (auto It = State.Aliases.find(V); It != State.Aliases.end())
    return It->second;
  State.Aliases[V] = std::nullopt; // a cycle resolves to unknown
  // Every value the pointer gets in the unit (or the team's region).
  llvm::SmallVector<const Expr *, 4> Sources;
  if (V->getInit())
    Sources.push_back(V->getInit());
  forEachStmt(State.ThreadLocals.count(V) ? State.Spec.ThreadBody : State.Body,
              [&](const Stmt *S) {
                if (const auto *BO = dyn_cast<BinaryOperator>(S);
                    BO && BO->getOpcode() == BO_Assign)
                  if (const auto *DRE = dyn_cast<DeclRefExpr>(
                          BO->getLHS()->IgnoreParenImpCasts());
                      DRE && DRE->getDecl() == V)
                    Sources.push_back(BO->getRHS());
              });

  unsigned Fresh = 0;
  std::optional<Target> Alias;
  for (const Expr *Src : Sources) {
    if (isFreshAllocation(Src)) {
      ++Fresh;
      continue;
    }
    auto T = resolvePointer(Src);
    if (!T || Alias)
      return std::nullopt; // unknown, or several different origins
    Alias = T;
  }
  std::optional<Target> Result;
  if (Fresh && !Alias) {
    Target T;
    T.Decl = V;
    T.Level = 1;
    pushDim(T, SymExpr::constant(0), pointeeSize(V));
    T.Private = true;
    Result = T;
  } else if (Alias && !Fresh) {
    Result = Alias;
  }
  State.Aliases[V] = Result;
  return Result;
}

std::optional<Target> TargetResolver::pointerVariable(const VarDecl *V) {
  if (auto It = State.Aliases.find(V); It != State.Aliases.end())
    return It->second;
  auto S = Ctx.Assembler.sharingOf(V);
  if (State.Semantics.orderedOn(V))
    return std::nullopt; // tasks ordered on it by depend clauses
  // `reduction(+: p[:n])` privatizes the section p points to, on the
  // construct or on a nested one.
  if (S == Sharing::Reduction ||
      State.Semantics.pointeePrivatizedByNestedConstruct(V)) {
    Target T;
    T.Decl = V;
    T.Level = 1;
    pushDim(T, SymExpr::constant(0), pointeeSize(V));
    T.Private = true;
    return T;
  }
  bool OwnCopy = State.ItemLocals.count(V) || State.ThreadLocals.count(V) ||
                 ((S == Sharing::Private || S == Sharing::LastPrivate) &&
                  State.Semantics.namedByConstruct(V));
  if (OwnCopy)
    return provenance(V);
  // `double *p = &total;` before the construct and never reassigned in the
  // function: p is another name for total.
  if (V->isLocalVarDecl() && V->getInit() && State.Spec.Function &&
      State.Spec.Function->getBody()) {
    if (!State.FunctionModified) {
      State.FunctionModified.emplace();
      Ctx.Assembler.collectModified(State.Spec.Function->getBody(),
                                    *State.FunctionModified);
    }
    const Expr *Value =
        !State.FunctionModified->count(V) ? V->getInit() : valueAtConstruct(V);
    if (Value) {
      State.Aliases[V] = std::nullopt; // guards against cycles
      auto T = resolvePointer(Value);
      State.Aliases.erase(V);
      if (T && !T->Private)
        return T;
    }
  }
  // A pointer from outside (shared or firstprivate): its memory is shared.
  Target T;
  T.Decl = V;
  T.Level = 1;
  pushDim(T, SymExpr::constant(0), pointeeSize(V));
  return T;
}

const Expr *TargetResolver::valueAtConstruct(const VarDecl *V) {
  // The block that holds the construct, and the construct's statement in it.
  const Stmt *At = State.Spec.Construct;
  const CompoundStmt *Block = nullptr;
  for (int Up = 0; At && !Block && Up < 4; ++Up) {
    auto Parents = State.AST.getParents(*At);
    if (Parents.size() != 1)
      return nullptr;
    if (const auto *CS = Parents[0].get<CompoundStmt>())
      Block = CS;
    else if (const auto *AS = Parents[0].get<AttributedStmt>())
      At = AS;
    else
      return nullptr;
  }
  if (!Block)
    return nullptr;
  const Expr *Value = nullptr;
  bool Declared = false;
  for (const Stmt *S : Block->body()) {
    if (S == At) {
      llvm::SmallPtrSet<const VarDecl *, 32> Inside;
      Ctx.Assembler.collectModified(S, Inside);
      return Declared && !Inside.count(V) ? Value : nullptr;
    }
    if (const auto *DS = dyn_cast<DeclStmt>(S);
        DS && llvm::is_contained(DS->decls(), V)) {
      Declared = true;
      Value = V->getInit();
      continue;
    }
    if (!Declared)
      continue;
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->getOpcode() == BO_Assign)
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts());
          DRE && DRE->getDecl() == V) {
        Value = BO->getRHS();
        continue;
      }
    llvm::SmallPtrSet<const VarDecl *, 32> Here;
    Ctx.Assembler.collectModified(S, Here);
    if (Here.count(V))
      return nullptr; // set in a branch, a loop or through its address
  }
  return nullptr;
}

std::optional<Target> TargetResolver::resolvePointer(const Expr *E) {
  if (!E)
    return std::nullopt;
  E = E->IgnoreParens();
  if (const auto *CE = dyn_cast<CastExpr>(E))
    return resolvePointerCast(CE);
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return resolvePointerArithmetic(BO);
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() != UO_AddrOf)
      return std::nullopt;
    auto T = resolveLValue(UO->getSubExpr());
    if (T && T->Index.empty())
      T->Scalar = true;
    return T;
  }
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
    return resolveDataPointer(MC);
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return Ctx.Follower.resolveReturnedPointer(Call);
  return std::nullopt;
}

std::optional<Target> TargetResolver::resolvePointerCast(const CastExpr *CE) {
  switch (CE->getCastKind()) {
  case CK_ArrayToPointerDecay: {
    auto T = resolveLValue(CE->getSubExpr());
    if (!T)
      return std::nullopt;
    pushDim(*T, SymExpr::constant(0),
            sizeOf(State.AST, CE->getType()->getPointeeType()));
    T->Scalar = false;
    return T;
  }
  case CK_LValueToRValue:
    return resolveLoadedPointer(CE);
  case CK_NoOp:
  case CK_BitCast: {
    // A cast that changes the element size changes what an index means.
    QualType From = CE->getSubExpr()->getType(), To = CE->getType();
    if (From->isPointerType() && To->isPointerType()) {
      QualType FP = From->getPointeeType(), TP = To->getPointeeType();
      if (sizeOf(State.AST, FP) && sizeOf(State.AST, TP) &&
          sizeOf(State.AST, FP) != sizeOf(State.AST, TP))
        return std::nullopt;
      if (FP->isVoidType() != TP->isVoidType())
        return std::nullopt;
    }
    return resolvePointer(CE->getSubExpr());
  }
  default:
    return std::nullopt;
  }
}

std::optional<Target> TargetResolver::resolveLoadedPointer(const CastExpr *CE) {
  const Expr *Sub = CE->getSubExpr()->IgnoreParens();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Sub))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
        V && !V->getType()->isReferenceType())
      return pointerVariable(V);
  // A member of the work item's own struct that only ever holds blocks the
  // work item allocates (`d.vals = calloc(...)`): private memory.
  if (const auto *ME = dyn_cast<MemberExpr>(Sub);
      ME && memberHoldsFreshAllocation(ME))
    return std::nullopt;
  // A pointer loaded from memory (`rows[i]`, `s.data`): the memory it
  // points to is one level further from the variable.
  auto T = resolveLValue(Sub);
  if (!T || T->Private)
    return std::nullopt;
  T->Level += 1;
  // The dimensions so far index the pointers, not the memory they
  // point to: they carry no byte stride into it.
  for (uint64_t &Stride : T->Strides)
    Stride = 0;
  pushDim(*T, SymExpr::constant(0),
          CE->getType()->isPointerType()
              ? sizeOf(State.AST, CE->getType()->getPointeeType())
              : 0);
  T->Scalar = false;
  return T;
}

std::optional<Target>
TargetResolver::resolvePointerArithmetic(const BinaryOperator *BO) {
  bool Add = BO->getOpcode() == BO_Add || BO->getOpcode() == BO_AddAssign;
  if (!Add && BO->getOpcode() != BO_Sub && BO->getOpcode() != BO_SubAssign)
    return std::nullopt;
  const Expr *Ptr = BO->getLHS(), *Off = BO->getRHS();
  if (!Ptr->getType()->isPointerType())
    std::swap(Ptr, Off);
  if (!Ptr->getType()->isPointerType() || !Off->getType()->isIntegerType())
    return std::nullopt;
  // (`p += k` names the variable p itself, not its value.)
  const auto *DRE = dyn_cast<DeclRefExpr>(Ptr->IgnoreParens());
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  auto T = V && BO->isCompoundAssignmentOp() ? pointerVariable(V)
                                             : resolvePointer(Ptr);
  if (!T || T->Scalar || T->Index.empty())
    return std::nullopt;
  T->Index.back() = SymExpr::binary(Add ? ExprKind::Add : ExprKind::Sub,
                                    T->Index.back(), Ctx.Exprs.translate(Off));
  return T;
}

std::optional<Target>
TargetResolver::resolveDataPointer(const CXXMemberCallExpr *MC) {
  const CXXMethodDecl *MD = MC->getMethodDecl();
  const Expr *Obj = MC->getImplicitObjectArgument();
  if (!MD || !MD->getIdentifier() || !Obj)
    return std::nullopt;
  if (!(nameFamilies(MD->getName()) & family::DataPointer))
    return std::nullopt;
  auto T = resolveLValue(Obj);
  if (!T)
    return std::nullopt;
  if (elementsApart(Obj->getType()))
    for (uint64_t &Stride : T->Strides)
      Stride = 0;
  pushDim(*T, SymExpr::constant(0),
          MC->getType()->isPointerType()
              ? sizeOf(State.AST, MC->getType()->getPointeeType())
              : 0);
  T->Scalar = false;
  return T;
}

} // namespace clangfe
} // namespace privateer
