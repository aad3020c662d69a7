//===- ReachingDefinitions.cpp - Which assignments reach a use ------------===//
//
// Part of privateer. The classic forward bit-vector analysis over Clang's
// CFG: a definition of v reaches a point when some path from it to the
// point assigns v nowhere else. Only variables whose every change is a
// visible assignment are tracked; the others are unknown to the caller.
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/CXX/ReachingDefinitions.h"
#include "privateer/Clang/CXX/RegionBuilder.h"
#include "privateer/Clang/CXX/StmtWalk.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/Analyses/PostOrderCFGView.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/BitVector.h"

using namespace clang;

namespace privateer {
namespace clangfe {

namespace {

/// Bodies larger than this (CFG blocks times definitions) are not analysed:
/// the bit vectors would cost more than the facts are worth.
constexpr size_t MaxCells = size_t(1) << 24;

bool isCandidate(const VarDecl *V) {
  if (!V || !V->hasLocalStorage() || V->isStaticLocal())
    return false;
  QualType T = V->getType();
  if (T.isVolatileQualified() || T->isReferenceType())
    return false;
  return T->isIntegralOrEnumerationType();
}

const DeclRefExpr *asVarRef(const Expr *E) {
  return E ? dyn_cast<DeclRefExpr>(E->IgnoreParens()) : nullptr;
}

/// Every statement of a body with its parent, entering the bodies of
/// captured statements (an OpenMP directive's code) but not lambdas or
/// blocks, whose code runs elsewhere.
class BodyWalker {
public:
  BodyWalker(llvm::DenseMap<const Stmt *, const Stmt *> &Parent)
      : Parent(Parent) {}

  void walk(const Stmt *S, const Stmt *P) {
    if (!S)
      return;
    Parent.try_emplace(S, P);
    if (isa<LambdaExpr>(S) || isa<BlockExpr>(S))
      return;
    forEachChild(S, [&](const Stmt *C) { walk(C, S); });
  }

private:
  llvm::DenseMap<const Stmt *, const Stmt *> &Parent;
};

} // namespace

ReachingDefinitions::~ReachingDefinitions() = default;

std::unique_ptr<ReachingDefinitions>
ReachingDefinitions::build(const Decl *D, const Stmt *Body, ASTContext &Ctx) {
  if (!D || !Body || D->isInvalidDecl())
    return nullptr;
  std::unique_ptr<ReachingDefinitions> RD(new ReachingDefinitions());
  CFG::BuildOptions Opts;
  Opts.setAllAlwaysAdd();
  Opts.AddImplicitDtors = false;
  Opts.AddInitializers = false;
  Opts.AddLifetime = false;
  Opts.AddScopes = false;
  Opts.AddTemporaryDtors = false;
  RD->Graph = CFG::buildCFG(D, const_cast<Stmt *>(Body), &Ctx, Opts);
  if (!RD->Graph)
    return nullptr;
  RD->Blocks.assign(RD->Graph->getNumBlockIDs(), nullptr);
  for (const CFGBlock *B : *RD->Graph)
    RD->Blocks[B->getBlockID()] = B;
  BodyWalker(RD->Parent).walk(Body, nullptr);
  RD->collectTracked(D);
  RD->collectDefinitions();
  if (RD->Defs.size() * RD->Graph->getNumBlockIDs() > MaxCells)
    return nullptr;
  RD->solve();
  return RD;
}

bool ReachingDefinitions::contains(const Stmt *S) const {
  return S && Parent.count(S);
}

void ReachingDefinitions::collectTracked(const Decl *D) {
  llvm::SmallPtrSet<const VarDecl *, 32> Escaped;
  auto ParentOf = [&](const Stmt *S) -> const Stmt * {
    const Stmt *P = Parent.lookup(S);
    while (P && isa<ParenExpr>(P))
      P = Parent.lookup(P);
    return P;
  };
  if (const auto *FD = dyn_cast<FunctionDecl>(D))
    for (const ParmVarDecl *P : FD->parameters())
      if (isCandidate(P))
        Tracked.insert(P);
  for (const auto &[S, P] : Parent) {
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *X : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(X); isCandidate(V))
          Tracked.insert(V);
    // Captures by reference let code we do not follow change the variable.
    if (const auto *L = dyn_cast<LambdaExpr>(S))
      for (const LambdaCapture &C : L->captures())
        if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
          if (const auto *V = dyn_cast<VarDecl>(C.getCapturedVar()))
            Escaped.insert(V);
    if (const auto *B = dyn_cast<BlockExpr>(S))
      for (const BlockDecl::Capture &C : B->getBlockDecl()->captures())
        if (C.isByRef())
          Escaped.insert(C.getVariable());
    if (const auto *Asm = dyn_cast<GCCAsmStmt>(S))
      for (const Expr *Out : Asm->outputs())
        if (const DeclRefExpr *DRE = asVarRef(Out))
          if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
            Escaped.insert(V);
    const auto *DRE = dyn_cast<DeclRefExpr>(S);
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!V || !isCandidate(V))
      continue;
    // A use is a read, an assignment or an update; anything else (the
    // address taken, a reference bound, an argument by reference) lets
    // other code change it.
    const Stmt *Use = ParentOf(DRE);
    bool Known = false;
    if (!Use || isa<CapturedStmt>(Use))
      Known = true; // a directive's capture: the code is in the CFG
    else if (const auto *Cast = dyn_cast<ImplicitCastExpr>(Use))
      Known = Cast->getCastKind() == CK_LValueToRValue;
    else if (const auto *BO = dyn_cast<BinaryOperator>(Use))
      Known = BO->isAssignmentOp() && asVarRef(BO->getLHS()) == DRE;
    else if (const auto *UO = dyn_cast<UnaryOperator>(Use))
      Known = UO->isIncrementDecrementOp();
    else if (isa<UnaryExprOrTypeTraitExpr>(Use))
      Known = true; // sizeof v: not evaluated
    if (!Known)
      Escaped.insert(V);
  }
  for (const VarDecl *V : Escaped)
    Tracked.erase(V);
}

void ReachingDefinitions::collectDefinitions() {
  // Every tracked variable has a value on entry: a parameter's argument,
  // or nothing for a local whose declaration a path can jump over.
  for (const VarDecl *V : Tracked) {
    Definition Entry;
    Entry.K = Definition::Kind::Entry;
    Entry.Var = V;
    DefsOfVar[V].push_back(Defs.size());
    Defs.push_back(Entry);
  }
  // `int a = 0, b = 1;` becomes one synthetic DeclStmt per variable.
  llvm::DenseMap<const DeclStmt *, const DeclStmt *> Written;
  for (auto [Synthetic, Original] : Graph->synthetic_stmts())
    Written[Synthetic] = Original;
  auto Add = [&](Definition D) {
    DefsOfVar[D.Var].push_back(Defs.size());
    DefAt[D.At] = Defs.size();
    if (const auto *DS = dyn_cast<DeclStmt>(D.At))
      if (const DeclStmt *Original = Written.lookup(DS))
        D.At = Original;
    Defs.push_back(D);
  };
  for (const CFGBlock *B : *Graph) {
    unsigned Index = 0;
    for (const CFGElement &E : *B) {
      std::optional<CFGStmt> CS = E.getAs<CFGStmt>();
      const Stmt *S = CS ? CS->getStmt() : nullptr;
      unsigned Here = Index++;
      if (!S)
        continue;
      if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
        if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
            V && Tracked.count(V))
          UseAt[DRE] = {B->getBlockID(), Here};
        continue;
      }
      Definition D;
      D.At = S;
      if (const auto *DS = dyn_cast<DeclStmt>(S)) {
        const auto *V = DS->isSingleDecl()
                            ? dyn_cast<VarDecl>(DS->getSingleDecl())
                            : nullptr;
        if (!V || !Tracked.count(V))
          continue;
        D.K = Definition::Kind::Declaration;
        D.Var = V;
        D.Value = V->getInit();
        Add(D);
      } else if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
        const DeclRefExpr *L = asVarRef(BO->getLHS());
        const auto *V = L ? dyn_cast<VarDecl>(L->getDecl()) : nullptr;
        if (!BO->isAssignmentOp() || !V || !Tracked.count(V))
          continue;
        D.Var = V;
        D.Value = BO->getRHS();
        if (BO->getOpcode() == BO_Assign) {
          D.K = Definition::Kind::Assignment;
        } else {
          D.K = Definition::Kind::Update;
          D.Op = BinaryOperator::getOpForCompoundAssignment(BO->getOpcode());
          D.UpdatedUse = L;
        }
        Add(D);
      } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
        const DeclRefExpr *Sub = asVarRef(UO->getSubExpr());
        const auto *V = Sub ? dyn_cast<VarDecl>(Sub->getDecl()) : nullptr;
        if (!UO->isIncrementDecrementOp() || !V || !Tracked.count(V))
          continue;
        D.K = Definition::Kind::Update;
        D.Var = V;
        D.Op = UO->isIncrementOp() ? BO_Add : BO_Sub;
        D.UpdatedUse = Sub;
        Add(D);
      }
    }
  }
}

void ReachingDefinitions::solve() {
  unsigned NumBlocks = Graph->getNumBlockIDs();
  size_t NumDefs = Defs.size();
  std::vector<llvm::BitVector> Gen(NumBlocks, llvm::BitVector(NumDefs)),
      Kill(NumBlocks, llvm::BitVector(NumDefs)),
      Out(NumBlocks, llvm::BitVector(NumDefs));
  std::vector<llvm::BitVector> InBits(NumBlocks, llvm::BitVector(NumDefs));
  for (const CFGBlock *B : *Graph) {
    unsigned Id = B->getBlockID();
    for (const CFGElement &E : *B) {
      std::optional<CFGStmt> CS = E.getAs<CFGStmt>();
      if (!CS)
        continue;
      auto It = DefAt.find(CS->getStmt());
      if (It == DefAt.end())
        continue;
      for (unsigned Other : DefsOfVar[Defs[It->second].Var]) {
        Gen[Id].reset(Other);
        Kill[Id].set(Other);
      }
      Gen[Id].set(It->second);
    }
  }
  // Entry definitions hold at the entry block.
  const CFGBlock &Entry = Graph->getEntry();
  for (const auto &[V, List] : DefsOfVar)
    InBits[Entry.getBlockID()].set(List.front());
  // Clang's own order: a CFG has null successors where an edge is pruned
  // (a condition known at compile time), which llvm's generic traversal
  // would follow.
  PostOrderCFGView Order(Graph.get());
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (const CFGBlock *B : Order) {
      unsigned Id = B->getBlockID();
      llvm::BitVector NewIn = InBits[Id];
      for (const CFGBlock::AdjacentBlock &P : B->preds())
        if (const CFGBlock *PB = P.getReachableBlock())
          NewIn |= Out[PB->getBlockID()];
      llvm::BitVector NewOut = NewIn;
      NewOut.reset(Kill[Id]);
      NewOut |= Gen[Id];
      if (NewIn != InBits[Id] || NewOut != Out[Id]) {
        InBits[Id] = std::move(NewIn);
        Out[Id] = std::move(NewOut);
        Changed = true;
      }
    }
  }
  In = std::move(InBits);
}

std::optional<llvm::SmallVector<const Definition *, 4>>
ReachingDefinitions::reaching(const DeclRefExpr *Use) const {
  auto It = UseAt.find(Use);
  if (It == UseAt.end())
    return std::nullopt;
  const auto *V = cast<VarDecl>(Use->getDecl());
  auto [BlockId, Index] = It->second;
  auto DefsIt = DefsOfVar.find(V);
  if (DefsIt == DefsOfVar.end())
    return std::nullopt;
  // The last definition of V before the use in its block, or what reaches
  // the block.
  const CFGBlock *Block = Blocks[BlockId];
  std::optional<unsigned> Local;
  unsigned K = 0;
  for (const CFGElement &E : *Block) {
    if (K++ >= Index)
      break;
    std::optional<CFGStmt> CS = E.getAs<CFGStmt>();
    if (!CS)
      continue;
    auto D = DefAt.find(CS->getStmt());
    if (D != DefAt.end() && Defs[D->second].Var == V)
      Local = D->second;
  }
  llvm::SmallVector<const Definition *, 4> Result;
  if (Local) {
    Result.push_back(&Defs[*Local]);
    return Result;
  }
  for (unsigned D : DefsIt->second)
    if (In[BlockId][D])
      Result.push_back(&Defs[D]);
  return Result;
}

llvm::SmallVector<const Definition *, 4>
ReachingDefinitions::definitionsOf(const VarDecl *V) const {
  llvm::SmallVector<const Definition *, 4> Result;
  auto It = DefsOfVar.find(V);
  if (It != DefsOfVar.end())
    for (unsigned D : It->second)
      Result.push_back(&Defs[D]);
  return Result;
}

llvm::SmallVector<const Stmt *, 8>
ReachingDefinitions::enclosingStatements(const Stmt *S) const {
  llvm::SmallVector<const Stmt *, 8> Around;
  for (const Stmt *P = Parent.lookup(S); P; P = Parent.lookup(P))
    Around.push_back(P);
  return Around;
}

llvm::SmallVector<const Stmt *, 4>
ReachingDefinitions::enclosingLoops(const Stmt *S) const {
  llvm::SmallVector<const Stmt *, 4> Loops;
  for (const Stmt *P : enclosingStatements(S))
    if (isa<ForStmt>(P) || isa<WhileStmt>(P) || isa<DoStmt>(P) ||
        isa<CXXForRangeStmt>(P))
      Loops.push_back(P);
  return Loops;
}

bool ReachingDefinitions::isWithin(const Stmt *Inner, const Stmt *Outer) const {
  for (const Stmt *P = Inner; P; P = Parent.lookup(P))
    if (P == Outer)
      return true;
  return false;
}

} // namespace clangfe
} // namespace privateer
