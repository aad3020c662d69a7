//===- Constructs.cpp - TBB and std::execution calls as constructs --------===//
//
// Part of privateer. Recognizes the calls that run work in parallel by the
// callee's declaration (its name and the namespace or class that declares
// it, as oneTBB and libstdc++ spell them), never by the text of the call,
// and finds each call's body, range and work-item parameter.
//
//===----------------------------------------------------------------------===//

#include "Constructs.h"

#include "privateer/Clang/CXX/KnownFunctions.h"
#include "privateer/Clang/CXX/KnownTypes.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace privateer {
namespace clangfe {

using clang::Expr;

namespace {

const Expr *strip(const Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
      E = MT->getSubExpr();
    else if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
      E = BT->getSubExpr();
    else if (const auto *FE = dyn_cast<FullExpr>(E))
      E = FE->getSubExpr();
    else if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
             CE && CE->getNumArgs() == 1 &&
             CE->getConstructor()->isCopyOrMoveConstructor())
      E = CE->getArg(0); // a copy of a named lambda or functor
    else
      return E;
  }
}

/// The call operator of \p RD that runs the work, instantiated where it is
/// a template (a generic lambda).
const CXXMethodDecl *callOperator(const CXXRecordDecl *RD) {
  if (!RD || !RD->hasDefinition())
    return nullptr;
  if (RD->isLambda()) {
    const CXXMethodDecl *Op = RD->getLambdaCallOperator();
    if (const FunctionTemplateDecl *FT = Op->getDescribedFunctionTemplate()) {
      for (const FunctionDecl *Spec : FT->specializations())
        if (Spec->hasBody())
          return cast<CXXMethodDecl>(Spec);
      return nullptr;
    }
    return Op;
  }
  // A functor: its one operator() with a body.
  const CXXMethodDecl *Found = nullptr;
  for (const CXXMethodDecl *M : RD->methods())
    if (M->getOverloadedOperator() == OO_Call && M->hasBody()) {
      if (Found)
        return nullptr; // overloaded: which one runs is not ours to guess
      Found = M;
    }
  return Found;
}

unsigned rangeDims(QualType T);

/// Whether \p T is a range class (blocked_range...): it has begin() and
/// end() and is not callable.
bool isRangeType(QualType T) { return rangeDims(T) != 0; }

/// The number of dimensions of a range type: 1, 2, 3; 0 for no range.
unsigned rangeDims(QualType T) {
  switch (knownType(T.getNonReferenceType()->getAsCXXRecordDecl())) {
  case KnownType::BlockedRange:
    return 1;
  case KnownType::BlockedRange2d:
    return 2;
  case KnownType::BlockedRange3d:
    return 3;
  default:
    return 0;
  }
}

/// The bounds [first, last) of each dimension of a range built at \p E
/// (`tbb::blocked_range<int>(0, n)`, `blocked_range2d<int>(0, n, 0, m)`, with
/// or without grain sizes, or a const variable initialized so).
void rangeBounds(const Expr *E, TBBConstruct &C) {
  E = strip(E);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
        V && V->getInit() && V->getType().isConstQualified())
      E = strip(V->getInit());
  const auto *CE = dyn_cast<CXXConstructExpr>(E);
  unsigned D = rangeDims(E->getType());
  if (!CE || D == 0)
    return;
  unsigned N = CE->getNumArgs();
  // Two arguments per dimension, or three with grain sizes (a 1-D range's
  // grain comes last).
  unsigned Per = N == 2 * D ? 2 : N == 3 * D ? 3 : D == 1 && N == 3 ? 2 : 0;
  if (Per == 0)
    return;
  for (unsigned K = 0; K < D; ++K)
    C.Dims.push_back({CE->getArg(K * Per), CE->getArg(K * Per + 1)});
}

std::optional<int64_t> constantInt(const Expr *E, const ASTContext &Ctx) {
  Expr::EvalResult Res;
  if (E->isValueDependent() || !E->EvaluateAsInt(Res, Ctx))
    return std::nullopt;
  return Res.Val.getInt().getExtValue();
}

/// Whether \p E is std::execution::par or par_unseq (by the policy's type).
bool isParallelPolicy(const Expr *E) {
  const auto *RD = E->getType().getNonReferenceType()->getAsCXXRecordDecl();
  return typeFamilies(RD) & typefamily::ParallelPolicy;
}

/// `par` or `par_unseq`, for the policy \p E (isParallelPolicy).
std::string policyName(const Expr *E) {
  return E->getType().getNonReferenceType()->getAsCXXRecordDecl()->getName() ==
                 "parallel_policy"
             ? "par"
             : "par_unseq";
}

/// The arguments the user wrote (without defaulted ones).
llvm::SmallVector<const Expr *, 6> writtenArgs(const CallExpr *Call) {
  llvm::SmallVector<const Expr *, 6> Args;
  for (const Expr *A : Call->arguments())
    if (!isa<CXXDefaultArgExpr>(A))
      Args.push_back(A);
  return Args;
}

} // namespace

bool inNamespace(const Decl *D, StringRef Name) {
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      if (NS->getIdentifier() && NS->getName() == Name)
        return true;
  return false;
}

std::optional<WorkBody> resolveBody(const Expr *Arg) {
  const Expr *E = strip(Arg);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()); V && V->getInit())
      if (const auto *L = dyn_cast<LambdaExpr>(strip(V->getInit())))
        E = L; // a named lambda: its captures are the lambda expression's
  WorkBody B;
  if (const auto *L = dyn_cast<LambdaExpr>(E)) {
    B.Lambda = L;
    B.Class = L->getLambdaClass();
  } else {
    B.Class = E->getType().getNonReferenceType()->getAsCXXRecordDecl();
  }
  // A std::function runs code the call does not show (its operator() is
  // the library's dispatch).
  if (B.Class && knownType(B.Class) == KnownType::Function &&
      B.Class->isInStdNamespace())
    return std::nullopt;
  B.Function = callOperator(B.Class);
  if (!B.Function || !B.Function->getBody())
    return std::nullopt;
  return B;
}

namespace {
/// The dimension of \p Range that \p F walks from its start: `r.begin()`
/// of a blocked_range, `r.rows().begin()` (or cols(), pages()) of
/// blocked_range2d/3d; nullopt for any other loop.
std::optional<unsigned> walkedDimension(const ForStmt *F,
                                        const ParmVarDecl *Range, unsigned D) {
  const auto *DS = F ? dyn_cast_or_null<DeclStmt>(F->getInit()) : nullptr;
  const auto *V = DS && DS->isSingleDecl()
                      ? dyn_cast<VarDecl>(DS->getSingleDecl())
                      : nullptr;
  if (!V || !V->getInit())
    return std::nullopt;
  const auto *MC = dyn_cast<CXXMemberCallExpr>(strip(V->getInit()));
  if (!MC || knownName(MC->getMethodDecl()) != KnownName::Begin)
    return std::nullopt;
  const Expr *Obj = strip(MC->getImplicitObjectArgument());
  std::optional<unsigned> Dim = 0;
  if (const auto *Sub = dyn_cast<CXXMemberCallExpr>(Obj)) {
    KnownName Name = knownName(Sub->getMethodDecl());
    Dim = Name == KnownName::Pages && D == 3  ? std::optional<unsigned>(0)
          : Name == KnownName::Rows && D >= 2 ? std::optional<unsigned>(D - 2)
          : Name == KnownName::Cols && D >= 2 ? std::optional<unsigned>(D - 1)
                                              : std::nullopt;
    Obj = strip(Sub->getImplicitObjectArgument());
  } else if (D != 1) {
    return std::nullopt;
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(Obj);
  if (!DRE || DRE->getDecl() != Range)
    return std::nullopt;
  return Dim;
}
/// Whether \p E is `r.begin()` (or `r.end()`, by \p Name) of \p Range.
bool callsOnRange(const Expr *E, const ParmVarDecl *Range, KnownName Name) {
  const auto *MC = dyn_cast<CXXMemberCallExpr>(strip(E));
  if (!MC || knownName(MC->getMethodDecl()) != Name)
    return false;
  const auto *DRE =
      dyn_cast<DeclRefExpr>(strip(MC->getImplicitObjectArgument()));
  return DRE && DRE->getDecl() == Range;
}

/// The callable a one-dimensional range body hands its range on to, as a
/// library's loop template does (`func(range<Index>(r.begin(), r.end()))`,
/// or `func(r)`): the callable's body, whose first parameter is then the
/// range. Null for any other body.
std::optional<WorkBody> handedOnRange(const CompoundStmt *Body,
                                      const ParmVarDecl *Range) {
  if (Body->size() != 1 || rangeDims(Range->getType()) != 1)
    return std::nullopt;
  const auto *Stmt = dyn_cast<Expr>(Body->body_front());
  const auto *Call =
      Stmt ? dyn_cast<CXXOperatorCallExpr>(strip(Stmt)) : nullptr;
  if (!Call || Call->getOperator() != OO_Call || Call->getNumArgs() != 2)
    return std::nullopt;
  const Expr *Arg = strip(Call->getArg(1));
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Arg);
      !DRE || DRE->getDecl() != Range) {
    const auto *CE = dyn_cast<CXXConstructExpr>(Arg);
    if (!CE || CE->getNumArgs() != 2 ||
        !callsOnRange(CE->getArg(0), Range, KnownName::Begin) ||
        !callsOnRange(CE->getArg(1), Range, KnownName::End))
      return std::nullopt;
  }
  auto Callee = resolveBody(Call->getArg(0));
  if (!Callee || Callee->Function->getNumParams() != 1)
    return std::nullopt;
  return Callee;
}
} // namespace

llvm::SmallVector<RangeLoop, 3> rangeLoops(const WorkBody &B) {
  llvm::SmallVector<RangeLoop, 3> Loops;
  if (!B.Function || B.Function->getNumParams() == 0)
    return Loops;
  const ParmVarDecl *Range = B.Function->getParamDecl(0);
  const auto *Body = dyn_cast_or_null<CompoundStmt>(B.body());
  if (!Body)
    return Loops;
  unsigned D = rangeDims(Range->getType());
  // A range handed on to the user's callable: its loop over the range is
  // the work-item loop.
  const Expr *HandedOnAt = nullptr;
  if (auto Callee = handedOnRange(Body, Range)) {
    HandedOnAt = cast<Expr>(Body->body_front());
    Range = Callee->Function->getParamDecl(0);
    Body = dyn_cast_or_null<CompoundStmt>(Callee->body());
    if (!Body)
      return Loops;
  }
  for (const Stmt *S : Body->body()) {
    const auto *F = dyn_cast<ForStmt>(S);
    if (auto Dim = walkedDimension(F, Range, D)) {
      Loops.push_back({F, *Dim, HandedOnAt});
      break;
    }
  }
  // The loops over the other dimensions, perfectly nested: together they
  // name one work item (a row alone is not one: chunks split rows too).
  while (!Loops.empty() && Loops.size() < 3) {
    const Stmt *Inner = Loops.back().Loop->getBody();
    if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Inner);
        CS && CS->size() == 1)
      Inner = CS->body_front();
    const auto *F = dyn_cast_or_null<ForStmt>(Inner);
    auto Dim = walkedDimension(F, Range, D);
    if (!Dim)
      break;
    Loops.push_back({F, *Dim, HandedOnAt});
  }
  return Loops;
}

/// A call being recognized: its construct so far, and its arguments as
/// written.
struct Recognition {
  TBBConstruct C;
  llvm::SmallVector<const Expr *, 6> Args;
  const ASTContext &Ctx;

  /// Adds the work that \p Arg runs as a body; false when it is not one.
  bool withBody(const Expr *Arg) {
    auto B = resolveBody(Arg);
    if (!B)
      return false;
    C.Bodies.push_back(*B);
    return true;
  }
  std::optional<TBBConstruct> done(bool Recognized) {
    return Recognized ? std::optional<TBBConstruct>(C) : std::nullopt;
  }
};

/// parallel_for(range, f), (first, last, f), (first, last, step, f).
std::optional<TBBConstruct> parallelFor(Recognition &R) {
  auto &Args = R.Args;
  if (Args.size() < 2)
    return std::nullopt;
  if (isRangeType(Args[0]->getType())) {
    rangeBounds(Args[0], R.C);
    R.C.RangeBody = true;
    return R.done(R.withBody(Args[1]));
  }
  if (Args.size() < 3)
    return std::nullopt;
  R.C.OneBodyObject = true; // parallel_for_body_wrapper's `const F &`
  R.C.First = Args[0];
  R.C.Last = Args[1];
  if (R.withBody(Args[2]))
    return R.C;
  if (Args.size() < 4 || !R.withBody(Args[3]))
    return std::nullopt;
  auto Step = constantInt(Args[2], R.Ctx);
  if (!Step || *Step <= 0)
    return std::nullopt;
  R.C.Step = *Step;
  return R.C;
}

/// parallel_reduce(range, identity, body, reduction): the body lambda;
/// (range, body): a body class, split per task (its members are private
/// copies).
std::optional<TBBConstruct> parallelReduce(Recognition &R) {
  auto &Args = R.Args;
  if (Args.size() < 2 || !isRangeType(Args[0]->getType()))
    return std::nullopt;
  rangeBounds(Args[0], R.C);
  R.C.RangeBody = true;
  return R.done(R.withBody(Args.size() >= 4 ? Args[2] : Args[1]));
}

/// parallel_for_each(container, f), (first, last, f).
std::optional<TBBConstruct> parallelForEach(Recognition &R) {
  auto &Args = R.Args;
  if (Args.size() < 2)
    return std::nullopt;
  R.C.OneBodyObject = true;
  bool Iterators = Args.size() >= 3 && !resolveBody(Args[1]);
  R.C.Elements = Args[0];
  return R.done(R.withBody(Iterators ? Args[2] : Args[1]));
}

/// parallel_invoke(f, g, ...): each function a section.
std::optional<TBBConstruct> parallelInvoke(Recognition &R) {
  if (R.Args.size() < 2)
    return std::nullopt;
  R.C.Kind = RegionKind::Sections;
  for (const Expr *A : R.Args)
    if (!R.withBody(A))
      return std::nullopt;
  return R.C;
}

/// for_each(policy, first, last, f), for_each_n(policy, first, n, f),
/// transform(policy, first, last, out, f) and its binary form: the
/// function per element.
std::optional<TBBConstruct> elementwise(Recognition &R) {
  R.C.Elements = R.Args[1];
  return R.done(R.withBody(R.Args.back()));
}

/// The parallel algorithms recognized as one construct: the namespace that
/// declares them, their name, the numbers of written arguments they take
/// (0: any), and how their arguments are read.
struct KnownAlgorithm {
  llvm::StringLiteral Namespace, Name;
  unsigned MinArgs, MaxArgs;
  std::optional<TBBConstruct> (*Recognize)(Recognition &);
};
constexpr KnownAlgorithm Algorithms[] = {
    {"tbb", "parallel_for", 0, 0, parallelFor},
    {"tbb", "parallel_reduce", 0, 0, parallelReduce},
    {"tbb", "parallel_deterministic_reduce", 0, 0, parallelReduce},
    {"tbb", "parallel_for_each", 0, 0, parallelForEach},
    {"tbb", "parallel_invoke", 0, 0, parallelInvoke},
    {"std", "for_each", 4, 4, elementwise},
    {"std", "for_each_n", 4, 4, elementwise},
    {"std", "transform", 5, 6, elementwise},
};

std::optional<std::string> parallelCallName(const CallExpr *Call,
                                            const ASTContext &Ctx) {
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD || !FD->getIdentifier())
    return std::nullopt;
  StringRef Name = FD->getName();
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call)) {
    const CXXRecordDecl *RD = MC->getRecordDecl();
    if (knownName(Name) == KnownName::Run &&
        knownType(RD) == KnownType::TaskGroup && inNamespace(RD, "tbb"))
      return std::string("tbb::task_group::run");
    return std::nullopt;
  }
  llvm::SmallVector<const Expr *, 6> Args = writtenArgs(Call);
  for (const KnownAlgorithm &A : Algorithms) {
    if (A.Name != Name)
      continue;
    if (A.Namespace == "tbb" && inNamespace(FD, "tbb"))
      return ("tbb::" + Name).str();
    if (A.Namespace == "std" && FD->isInStdNamespace() && !Args.empty() &&
        isParallelPolicy(Args[0]))
      return ("std::" + Name + "(" + policyName(Args[0]) + ")").str();
  }
  return std::nullopt;
}

std::optional<TBBConstruct> recognize(const CallExpr *Call,
                                      const ASTContext &Ctx) {
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD || !FD->getIdentifier())
    return std::nullopt;
  StringRef Name = FD->getName();
  Recognition R{TBBConstruct(), writtenArgs(Call), Ctx};
  R.C.Call = Call;

  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call)) {
    // task_group::run(f): a task running f.
    const CXXRecordDecl *RD = MC->getRecordDecl();
    if (knownName(Name) != KnownName::Run ||
        knownType(RD) != KnownType::TaskGroup || !inNamespace(RD, "tbb") ||
        R.Args.size() != 1 || !R.withBody(R.Args[0]))
      return std::nullopt;
    R.C.Kind = RegionKind::Tasks;
    R.C.Name = "tbb::task_group::run";
    return R.C;
  }

  for (const KnownAlgorithm &A : Algorithms) {
    if (A.Name != Name || (A.MinArgs && R.Args.size() < A.MinArgs) ||
        (A.MaxArgs && R.Args.size() > A.MaxArgs))
      continue;
    if (A.Namespace == "tbb") {
      if (!inNamespace(FD, "tbb"))
        continue;
      R.C.Name = ("tbb::" + Name).str();
    } else {
      // std::execution: the first argument is a parallel policy.
      if (!FD->isInStdNamespace() || R.Args.empty() ||
          !isParallelPolicy(R.Args[0]))
        continue;
      R.C.Name = ("std::" + Name + "(" + policyName(R.Args[0]) + ")").str();
      R.C.StdAlgorithm = true;
    }
    return A.Recognize(R);
  }
  return std::nullopt;
}

namespace {

/// One filter of a pipeline: its body, and whether it takes several items
/// at once (filter_mode::parallel).
struct Filter {
  WorkBody Body;
  bool Parallel = false;
};

/// Whether \p E names filter_mode::parallel. Any other mode, or one that is
/// not a constant written here, counts as serial: the filter is then only
/// concurrent with the others (a miss at worst, never a false report).
bool isParallelMode(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(strip(E));
  const auto *EC = DRE ? dyn_cast<EnumConstantDecl>(DRE->getDecl()) : nullptr;
  return knownType(EC) == KnownType::ParallelMode &&
         inNamespace(cast<Decl>(EC->getDeclContext()), "tbb");
}

/// Whether \p T is oneTBB's filter<In, Out>.
bool isFilterType(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  return knownType(RD) == KnownType::Filter && inNamespace(RD, "tbb");
}

/// The filters of the chain \p E builds: `f & g`, `make_filter<In,
/// Out>(mode, body)`, `filter<In, Out>(mode, body)`, and a variable
/// initialized so. False when any part is not one of those (the pipeline
/// is then left alone rather than half modelled).
bool collectFilters(const Expr *E, llvm::SmallVectorImpl<Filter> &Out,
                    unsigned Depth = 0) {
  if (Depth > 16)
    return false;
  E = strip(E);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    // A named chain: what it holds at the call is its initializer only
    // when nothing can have changed it (`&=`), so only a const one.
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    return V && V->getType().isConstQualified() && V->getInit() &&
           collectFilters(V->getInit(), Out, Depth + 1);
  }
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
    return Op->getOperator() == OO_Amp && Op->getNumArgs() == 2 &&
           collectFilters(Op->getArg(0), Out, Depth + 1) &&
           collectFilters(Op->getArg(1), Out, Depth + 1);
  }
  const Expr *Mode = nullptr, *Body = nullptr;
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = Call->getDirectCallee();
    if (knownName(FD) != KnownName::MakeFilter || !inNamespace(FD, "tbb") ||
        Call->getNumArgs() != 2)
      return false;
    Mode = Call->getArg(0);
    Body = Call->getArg(1);
  } else if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    if (!isFilterType(CE->getType()) || CE->getNumArgs() != 2)
      return false;
    Mode = CE->getArg(0);
    Body = CE->getArg(1);
  } else {
    return false;
  }
  auto B = resolveBody(Body);
  if (!B)
    return false;
  Out.push_back({*B, isParallelMode(Mode)});
  return true;
}

/// The units of a pipeline: each parallel filter, a loop whose work item
/// is the item it takes (its parameter: distinct tokens); all filters
/// together, as sections.
void pipelineUnits(const CallExpr *Call,
                   llvm::SmallVectorImpl<TBBConstruct> &Units) {
  auto Args = writtenArgs(Call);
  llvm::SmallVector<Filter, 4> Filters;
  for (const Expr *A : llvm::drop_begin(Args)) {
    if (!isFilterType(A->getType()))
      continue; // the task_group_context
    if (!collectFilters(A, Filters))
      return;
  }
  for (const Filter &F : Filters) {
    if (!F.Parallel || F.Body.Function->getNumParams() == 0)
      continue;
    TBBConstruct C;
    C.Call = Call;
    C.Name = "tbb::parallel_pipeline";
    C.Bodies.push_back(F.Body);
    C.HandedItems = true;
    C.OneBodyObject = true; // concrete_filter's `const Body &`
    Units.push_back(C);
  }
  if (Filters.size() < 2)
    return;
  TBBConstruct All;
  All.Call = Call;
  All.Kind = RegionKind::Sections;
  All.Name = "tbb::parallel_pipeline";
  All.HandedItems = true;
  All.OneBodyObject = true;
  for (const Filter &F : Filters)
    All.Bodies.push_back(F.Body);
  Units.push_back(All);
}

/// Whether \p B is code of the user's (not std::plus's operator()).
bool isUserBody(const WorkBody &B, const ASTContext &Ctx) {
  return !Ctx.getSourceManager().isInSystemHeader(B.Function->getLocation());
}

/// The units of std::transform_reduce(policy, ...) and std::reduce(policy,
/// first, last, init, op): the transform per element; the reduction on
/// every thread, any number of times; the two together as sections.
void numericUnits(const CallExpr *Call, StringRef Name,
                  const std::string &Policy, const ASTContext &Ctx,
                  llvm::SmallVectorImpl<TBBConstruct> &Units) {
  auto Args = writtenArgs(Call);
  const Expr *TransformArg = nullptr, *ReduceArg = nullptr;
  if (knownName(Name) == KnownName::TransformReduce && Args.size() == 7) {
    // (policy, first1, last1, first2, init, reduce, transform)
    ReduceArg = Args[5];
    TransformArg = Args[6];
  } else if (knownName(Name) == KnownName::TransformReduce &&
             Args.size() == 6) {
    // (policy, first, last, init, reduce, transform)
    ReduceArg = Args[4];
    TransformArg = Args[5];
  } else if (knownName(Name) == KnownName::Reduce && Args.size() == 5) {
    ReduceArg = Args[4];
  } else {
    return;
  }
  std::string Spelled = "std::" + Name.str() + "(" + Policy + ")";
  auto Transform =
      TransformArg ? resolveBody(TransformArg) : std::optional<WorkBody>();
  auto Reduce = ReduceArg ? resolveBody(ReduceArg) : std::optional<WorkBody>();
  if (Transform && !isUserBody(*Transform, Ctx))
    Transform.reset();
  if (Reduce && !isUserBody(*Reduce, Ctx))
    Reduce.reset();
  if (Transform && Transform->Function->getNumParams() > 0) {
    TBBConstruct C;
    C.Call = Call;
    C.Name = Spelled;
    C.StdAlgorithm = true;
    C.Elements = Args[1];
    C.Bodies.push_back(*Transform);
    Units.push_back(C);
  }
  if (Reduce) {
    // Its parameters are partial results, not elements: every thread runs
    // it, so it is modelled as code each thread runs.
    TBBConstruct C;
    C.Call = Call;
    C.Kind = RegionKind::Replicated;
    C.Name = Spelled;
    C.StdAlgorithm = true;
    C.Bodies.push_back(*Reduce);
    Units.push_back(C);
  }
  if (Transform && Reduce) {
    TBBConstruct All;
    All.Call = Call;
    All.Kind = RegionKind::Sections;
    All.Name = Spelled;
    All.StdAlgorithm = true;
    All.Bodies.push_back(*Transform);
    All.Bodies.push_back(*Reduce);
    Units.push_back(All);
  }
}

} // namespace

llvm::SmallVector<TBBConstruct, 2> recognizeUnits(const CallExpr *Call,
                                                  const ASTContext &Ctx) {
  llvm::SmallVector<TBBConstruct, 2> Units;
  if (auto C = recognize(Call, Ctx)) {
    Units.push_back(std::move(*C));
    return Units;
  }
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD || !FD->getIdentifier() || isa<CXXMemberCallExpr>(Call))
    return Units;
  StringRef Name = FD->getName();
  if (knownName(Name) == KnownName::ParallelPipeline &&
      inNamespace(FD, "tbb")) {
    pipelineUnits(Call, Units);
    return Units;
  }
  auto Args = writtenArgs(Call);
  if (FD->isInStdNamespace() && !Args.empty() && isParallelPolicy(Args[0]) &&
      (knownName(Name) == KnownName::TransformReduce ||
       knownName(Name) == KnownName::Reduce))
    numericUnits(Call, Name, policyName(Args[0]), Ctx, Units);
  return Units;
}

} // namespace clangfe
} // namespace privateer
