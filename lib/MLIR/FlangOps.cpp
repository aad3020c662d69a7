//===- FlangOps.cpp - Flang's FIR and HLFIR operations by name ------------===//
//
// Part of privateer. See FlangOps.h: names and operand positions of the FIR
// and HLFIR operations Flang 22 emits for OpenMP loops.
//
//===----------------------------------------------------------------------===//

#include "FlangOps.h"
#include "OpSemantics.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Types.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <mutex>

using namespace mlir;

namespace privateer {
namespace mlirfe {
namespace flang {

namespace {
bool named(Operation *Op, llvm::StringRef Name) {
  return Op && Op->getName().getStringRef() == Name;
}

/// `_QFsEtmp` -> `tmp`: Flang's unique names end in `E` and the lower-case
/// Fortran name.
std::string fortranName(llvm::StringRef Unique) {
  size_t E = Unique.rfind('E');
  if (E == llvm::StringRef::npos || E + 1 >= Unique.size())
    return Unique.str();
  return Unique.substr(E + 1).str();
}

std::string printed(Type T) {
  // FIR prints a derived type's components once per nesting through a
  // static set of the types being printed, which is no thread's own: two
  // functions analysed at once (MLIR runs function passes in parallel)
  // would see each other's entries and print `!fir.type<_QMmTpt>` without
  // its components, or corrupt the set. One print at a time.
  static std::mutex Printing;
  std::lock_guard<std::mutex> Lock(Printing);
  std::string S;
  llvm::raw_string_ostream OS(S);
  T.print(OS);
  return S;
}
} // namespace

bool isFortran(Operation *Op) {
  for (Operation *P = Op; P; P = P->getParentOp())
    if (P->hasAttr("fir.kindmap") || P->hasAttr("fir.defaultkind"))
      return true;
  return false;
}

std::optional<Value> loadedRef(Operation *Op) {
  if (named(Op, "fir.load") && Op->getNumOperands() >= 1)
    return Op->getOperand(0);
  return std::nullopt;
}

std::optional<std::pair<Value, Value>> storedValue(Operation *Op) {
  if ((named(Op, "fir.store") || named(Op, "hlfir.assign")) &&
      Op->getNumOperands() >= 2)
    return std::make_pair(Op->getOperand(0), Op->getOperand(1));
  return std::nullopt;
}

bool isConversion(Operation *Op) {
  // (`hlfir.no_reassoc` keeps the parentheses of `(i - 1)`: the value.)
  return named(Op, "fir.convert") || named(Op, "hlfir.no_reassoc");
}
bool isDoLoop(Operation *Op) { return named(Op, "fir.do_loop"); }
bool isIf(Operation *Op) { return named(Op, "fir.if"); }
bool isIterateWhile(Operation *Op) { return named(Op, "fir.iterate_while"); }

bool isMainProgram(llvm::StringRef Symbol) { return Symbol == "_QQmain"; }

std::string procedureName(llvm::StringRef Symbol) {
  // `_Q` names: module `M`, host `F`, procedure `P`, in that order.
  if (!Symbol.starts_with("_Q"))
    return Symbol.str();
  size_t P = Symbol.rfind('P');
  if (P == llvm::StringRef::npos || P + 1 >= Symbol.size())
    return Symbol.str();
  return Symbol.substr(P + 1).str();
}

std::string globalKey(Value Root) {
  Operation *D = Root.getDefiningOp();
  std::string Offset;
  if (named(D, "fir.coordinate_of") && D->getNumOperands() == 2) {
    // A COMMON variable: its block and its byte offset there.
    APInt C;
    Operation *Index = D->getOperand(1).getDefiningOp();
    auto Attr = Index ? Index->getAttrOfType<IntegerAttr>("value") : nullptr;
    if (!Attr)
      return "";
    Offset = "+" + std::to_string(Attr.getInt());
    D = D->getOperand(0).getDefiningOp();
  }
  if (!named(D, "fir.address_of"))
    return "";
  auto Symbol = D->getAttrOfType<SymbolRefAttr>("symbol");
  if (!Symbol)
    return "";
  return Symbol.getLeafReference().getValue().str() + Offset;
}

Value rootOf(Value Ref, std::string *Name, Operation **Decl) {
  for (unsigned Steps = 0; Steps < 16; ++Steps) {
    Operation *D = Ref.getDefiningOp();
    if (!D || D->getNumOperands() == 0)
      break;
    if (named(D, "hlfir.declare") || named(D, "fir.declare")) {
      if (Name && Name->empty())
        if (auto U = D->getAttrOfType<StringAttr>("uniq_name"))
          *Name = fortranName(U.getValue());
      if (Decl && !*Decl)
        *Decl = D;
    } else if (!(named(D, "fir.convert") || named(D, "fir.box_addr") ||
                 named(D, "fir.embox") || named(D, "fir.rebox"))) {
      break;
    }
    Ref = D->getOperand(0);
  }
  return Ref;
}

bool isGlobal(Value Root) {
  Operation *D = Root.getDefiningOp();
  // A COMMON (or EQUIVALENCE) variable: its bytes in the block's storage.
  if (named(D, "fir.coordinate_of") && D->getNumOperands() >= 1)
    D = D->getOperand(0).getDefiningOp();
  return named(D, "fir.address_of");
}

bool elementOf(Value Ref, Value &Base, llvm::SmallVectorImpl<Value> &Indices) {
  Operation *D = Ref.getDefiningOp();
  if (!named(D, "hlfir.designate") || D->getNumOperands() < 2)
    return false;
  // Components, substrings, complex parts and sections are not one element
  // of the base's array.
  if (D->getAttr("component") || D->getAttr("complex_part"))
    return false;
  if (auto Triplets = D->getAttrOfType<DenseBoolArrayAttr>("is_triplet"))
    for (bool T : Triplets.asArrayRef())
      if (T)
        return false;
  for (Value V : D->getOperands().drop_front())
    if (!V.getType().isIntOrIndex())
      return false;
  Base = D->getOperand(0);
  Indices.assign(D->getOperands().begin() + 1, D->getOperands().end());
  return true;
}

namespace {
/// The position of component \p Name in the first derived type of \p T
/// (`!fir.type<_QMmTpt{x:!fir.array<100xf32>,s:f32}>`), if printed.
std::optional<unsigned> componentPosition(Type T, llvm::StringRef Name) {
  std::string Printed = printed(T);
  llvm::StringRef S = Printed;
  size_t Start = S.find("!fir.type<");
  if (Start == llvm::StringRef::npos)
    return std::nullopt;
  size_t Open = S.find('{', Start);
  if (Open == llvm::StringRef::npos)
    return std::nullopt;
  // Components are separated by commas outside the brackets of their types.
  unsigned Position = 0, Depth = 0;
  size_t FieldStart = Open + 1;
  for (size_t K = Open + 1; K < S.size(); ++K) {
    char C = S[K];
    if (C == '<' || C == '{' || C == '(' || C == '[') {
      ++Depth;
      continue;
    }
    bool End = C == '}' && Depth == 0;
    if (C == '>' || C == '}' || C == ')' || C == ']') {
      if (!End) {
        --Depth;
        continue;
      }
    }
    if ((C == ',' && Depth == 0) || End) {
      llvm::StringRef Field = S.slice(FieldStart, K);
      if (Field.split(':').first == Name)
        return Position;
      ++Position;
      FieldStart = K + 1;
      if (End)
        break;
    }
  }
  return std::nullopt;
}
} // namespace

bool designatorOf(Value Ref, Value &Base,
                  llvm::SmallVectorImpl<DesignatorPart> &Parts) {
  Operation *D = Ref.getDefiningOp();
  if (!named(D, "hlfir.designate") || D->getAttr("complex_part"))
    return false;
  // Operand groups: memref, component_shape, indices, substring, shape,
  // typeparams.
  auto Segments = D->getAttrOfType<DenseI32ArrayAttr>("operandSegmentSizes");
  if (!Segments || Segments.size() != 6 || Segments[0] != 1 || Segments[3] != 0)
    return false;
  Value Inner = D->getOperand(0);
  Operation *InnerDef = Inner.getDefiningOp();
  if (named(InnerDef, "hlfir.designate")) {
    if (!designatorOf(Inner, Base, Parts))
      return false;
  } else {
    Base = Inner;
  }
  if (auto Component = D->getAttrOfType<StringAttr>("component")) {
    std::optional<unsigned> Position =
        componentPosition(Inner.getType(), Component.getValue());
    if (!Position)
      return false;
    DesignatorPart P;
    P.What = DesignatorPart::Kind::Component;
    P.Component = Component.getValue().str();
    P.Position = *Position;
    Parts.push_back(P);
  }
  unsigned First = Segments[0] + Segments[1];
  auto Indices = D->getOperands().slice(First, Segments[2]);
  auto Triplets = D->getAttrOfType<DenseBoolArrayAttr>("is_triplet");
  unsigned K = 0;
  for (unsigned Dim = 0; Triplets && Dim < Triplets.size(); ++Dim) {
    DesignatorPart P;
    if (Triplets[Dim]) {
      if (K + 3 > Indices.size())
        return false;
      P.What = DesignatorPart::Kind::Triplet;
      P.Lo = Indices[K];
      P.Hi = Indices[K + 1];
      P.Step = Indices[K + 2];
      K += 3;
    } else {
      if (K + 1 > Indices.size())
        return false;
      P.Index = Indices[K++];
    }
    Parts.push_back(P);
  }
  if (K != Indices.size())
    return false;
  // An array component named whole: its elements, by the shape Flang gives
  // the designate (`fir.shape` extents from 1, `fir.shape_shift` lower
  // bounds and extents).
  if (D->getAttr("component") && Indices.empty() && Segments[4] == 1) {
    Operation *Shape =
        D->getOperand(Segments[0] + Segments[1] + Segments[2] + Segments[3])
            .getDefiningOp();
    bool Shifted = named(Shape, "fir.shape_shift");
    if (!named(Shape, "fir.shape") && !Shifted)
      return false;
    for (unsigned Dim = 0; Dim < Shape->getNumOperands();
         Dim += Shifted ? 2 : 1) {
      DesignatorPart P;
      P.What = DesignatorPart::Kind::Extent;
      if (Shifted && Dim + 1 >= Shape->getNumOperands())
        return false;
      P.Lo = Shifted ? Shape->getOperand(Dim) : Value();
      P.Extent = Shape->getOperand(Shifted ? Dim + 1 : Dim);
      Parts.push_back(P);
    }
  }
  return true;
}

bool sameElement(Value A, Value B) {
  if (A == B)
    return true;
  Operation *DA = A.getDefiningOp(), *DB = B.getDefiningOp();
  if (!named(DA, "hlfir.designate") || !named(DB, "hlfir.designate") ||
      DA->getAttrDictionary() != DB->getAttrDictionary() ||
      DA->getNumOperands() != DB->getNumOperands())
    return false;
  for (unsigned K = 0; K < DA->getNumOperands(); ++K) {
    Value X = DA->getOperand(K), Y = DB->getOperand(K);
    if (X == Y)
      continue;
    // `h(k)` loads k again for the store: the same unchanged variable.
    Operation *LX = X.getDefiningOp(), *LY = Y.getDefiningOp();
    while (isConversion(LX) && isConversion(LY)) {
      X = LX->getOperand(0);
      Y = LY->getOperand(0);
      LX = X.getDefiningOp();
      LY = Y.getDefiningOp();
    }
    if (X == Y)
      continue;
    // `q(i)%s`: the same element of q, designated twice.
    if (named(LX, "hlfir.designate") && sameElement(X, Y))
      continue;
    // (`h(k(i))`: the same element of k, loaded again.)
    auto RX = loadedRef(LX), RY = loadedRef(LY);
    if (!RX || !RY || (*RX != *RY && !sameElement(*RX, *RY)))
      return false;
  }
  return true;
}

namespace {

/// The same value, or loads of the same element.
bool sameValue(Value A, Value B) {
  if (A == B)
    return true;
  auto RA = loadedRef(A.getDefiningOp()), RB = loadedRef(B.getDefiningOp());
  return RA && RB && sameElement(*RA, *RB);
}
} // namespace

std::optional<ConditionalAssign> conditionalAssign(Operation *Store) {
  auto Stored = storedValue(Store);
  Operation *If = Store->getParentOp();
  // A scalar target: its uses are its loads and stores only.
  if (!Stored || !isIf(If) || If->getNumResults() != 0 ||
      If->getNumOperands() != 1 || If->getNumRegions() != 2 ||
      Store->getParentRegion() != &If->getRegion(0) ||
      isArrayReference(Stored->second.getType()) ||
      named(Stored->second.getDefiningOp(), "hlfir.designate"))
    return std::nullopt;
  // No else branch, and a then branch that does nothing but the store.
  Region &Else = If->getRegion(1);
  if (!Else.empty() &&
      (!Else.hasOneBlock() || !llvm::hasSingleElement(Else.front())))
    return std::nullopt;
  for (Operation &Op : *Store->getBlock())
    if (&Op != Store && !Op.hasTrait<OpTrait::IsTerminator>() &&
        !readsAtMost(&Op))
      return std::nullopt;
  Value Condition = If->getOperand(0);
  Operation *Cmp = Condition.getDefiningOp();
  if (!Cmp || !Condition.hasOneUse() || Cmp->getNumOperands() != 2 ||
      Cmp->getBlock() != If->getBlock())
    return std::nullopt;
  for (unsigned K = 0; K < 2; ++K) {
    Operation *Load = Cmp->getOperand(1 - K).getDefiningOp();
    auto Ref = loadedRef(Load);
    if (!Ref || !sameElement(*Ref, Stored->second) || !Load->hasOneUse() ||
        Load->getBlock() != If->getBlock() ||
        !sameValue(Cmp->getOperand(K), Stored->first))
      continue;
    // From the loads of x and m to the branch, nothing writes memory (x and
    // m are what they were when compared).
    Operation *Start = Load;
    if (Operation *X = Cmp->getOperand(K).getDefiningOp(); loadedRef(X)) {
      if (X->getBlock() != If->getBlock())
        return std::nullopt;
      if (X->isBeforeInBlock(Start))
        Start = X;
    }
    for (Operation *Op = Start->getNextNode(); Op && Op != If;
         Op = Op->getNextNode())
      if (!readsAtMost(Op))
        return std::nullopt;
    return ConditionalAssign{Load, Cmp, K};
  }
  return std::nullopt;
}

bool isReference(Type T) {
  std::string S = printed(T);
  return llvm::StringRef(S).starts_with("!fir.ref") ||
         llvm::StringRef(S).starts_with("!fir.box") ||
         llvm::StringRef(S).starts_with("!fir.heap") ||
         llvm::StringRef(S).starts_with("!fir.ptr") ||
         llvm::StringRef(S).starts_with("!fir.class");
}

bool isAllocatableOrPointer(Type T) {
  llvm::StringRef S;
  std::string Printed = printed(T);
  S = Printed;
  return S.starts_with("!fir.box<!fir.heap<") ||
         S.starts_with("!fir.box<!fir.ptr<");
}

bool isArrayReference(Type T) {
  return printed(T).find("!fir.array") != std::string::npos;
}

bool isScalarReference(Type T) {
  llvm::StringRef S;
  std::string Printed = printed(T);
  S = Printed;
  if (!S.consume_front("!fir.ref<"))
    return false;
  return S.starts_with("i") || S.starts_with("f") ||
         S.starts_with("!fir.logical") || S.starts_with("complex");
}

namespace {
/// Whether the memory \p Ref addresses is only read where it is used:
/// declared, designated, converted and loaded, or handed to a procedure of
/// the module that only reads that argument; nothing else (but \p Skip,
/// and each user goes to \p Users).
bool onlyRead(Value Ref, unsigned Depth = 0, Operation *Skip = nullptr,
              llvm::SmallVectorImpl<Operation *> *Users = nullptr) {
  if (Depth > 8)
    return false;
  for (Operation *User : Ref.getUsers()) {
    if (User == Skip)
      continue;
    if (Users)
      Users->push_back(User);
    if (named(User, "fir.load"))
      continue;
    if (named(User, "fir.call")) {
      auto Callee = User->getAttrOfType<SymbolRefAttr>("callee");
      auto Fn = dyn_cast_or_null<FunctionOpInterface>(
          Callee ? SymbolTable::lookupNearestSymbolFrom(User, Callee)
                 : nullptr);
      if (!Fn || Fn.isExternal())
        return false;
      Block &Entry = Fn->getRegion(0).front();
      for (OpOperand &Use : User->getOpOperands())
        if (Use.get() == Ref &&
            (Use.getOperandNumber() >= Entry.getNumArguments() ||
             !onlyRead(Entry.getArgument(Use.getOperandNumber()), Depth + 1)))
          return false;
      continue;
    }
    if (named(User, "hlfir.declare") || named(User, "fir.declare") ||
        named(User, "hlfir.designate") || named(User, "fir.convert")) {
      // As the base (or the shape's operand): its results address it too.
      if (User->getOperand(0) != Ref)
        return false;
      for (Value R : User->getResults())
        if (!onlyRead(R, Depth + 1, Skip, Users))
          return false;
      continue;
    }
    return false; // a store, a call, a box: it may be written
  }
  return true;
}
} // namespace

bool onlyReadThrough(Value Ref) { return onlyRead(Ref); }

llvm::SmallVector<int64_t, 2> hostSlotsOf(Value Tuple, Value Root) {
  llvm::SmallVector<int64_t, 2> Slots;
  if (!named(Tuple.getDefiningOp(), "fir.alloca"))
    return Slots;
  for (Operation *Slot : Tuple.getUsers()) {
    if (!named(Slot, "fir.coordinate_of") || Slot->getNumOperands() < 2)
      continue;
    bool Holds = false;
    for (Operation *Store : Slot->getResult(0).getUsers())
      if (auto Stored = storedValue(Store);
          Stored && Stored->second == Slot->getResult(0) &&
          rootOf(Stored->first) == Root)
        Holds = true;
    APInt Index;
    if (Holds)
      Slots.push_back(matchPattern(Slot->getOperand(1), m_ConstantInt(&Index))
                          ? Index.getSExtValue()
                          : -1);
  }
  return Slots;
}

bool hostSlotOnlyRead(Operation *Callee, unsigned Arg, int64_t Slot) {
  Region &Body = Callee->getRegion(0);
  if (Slot < 0 || Body.empty() || Arg >= Body.front().getNumArguments())
    return false;
  for (Operation *Use : Body.front().getArgument(Arg).getUsers()) {
    APInt Index;
    // (The tuple handed on to another procedure: not followed.)
    if (!named(Use, "fir.coordinate_of") || Use->getNumOperands() < 2 ||
        !matchPattern(Use->getOperand(1), m_ConstantInt(&Index)))
      return false;
    if (Index.getSExtValue() != Slot)
      continue;
    for (Operation *Load : Use->getResult(0).getUsers())
      if (!named(Load, "fir.load") || !onlyRead(Load->getResult(0)))
        return false;
  }
  return true;
}

/// A procedure's local array written once, by the assignment of a
/// constant array before every read of it (`idx = [1, 3, 5, 7]`).
std::optional<std::vector<int64_t>> assignedTable(Value Root, size_t Limit) {
  Operation *Writer = nullptr;
  for (Operation *Declaration : Root.getUsers())
    for (Value R : Declaration->getResults())
      for (OpOperand &Use : R.getUses())
        if (named(Use.getOwner(), "hlfir.assign") &&
            Use.getOperandNumber() == 1) {
          if (Writer)
            return std::nullopt;
          Writer = Use.getOwner();
        }
  llvm::SmallVector<Operation *, 16> Users;
  if (!Writer || !onlyRead(Root, 0, Writer, &Users))
    return std::nullopt;
  for (Operation *User : Users) {
    // (Its declarations may come first: they read nothing.)
    if (named(User, "hlfir.declare") || named(User, "fir.declare"))
      continue;
    Operation *At = Writer->getBlock()->findAncestorOpInBlock(*User);
    if (!At || !Writer->isBeforeInBlock(At))
      return std::nullopt;
  }
  Value Source = rootOf(Writer->getOperand(0));
  if (!named(Source.getDefiningOp(), "fir.address_of"))
    return std::nullopt;
  return constantTable(Source, Limit);
}

std::optional<std::vector<int64_t>> constantTable(Value Root, size_t Limit) {
  Operation *D = Root.getDefiningOp();
  if (named(D, "fir.alloca"))
    return assignedTable(Root, Limit);
  if (!named(D, "fir.address_of"))
    return std::nullopt;
  auto Symbol = D->getAttrOfType<SymbolRefAttr>("symbol");
  Operation *Global =
      Symbol ? SymbolTable::lookupNearestSymbolFrom(D, Symbol) : nullptr;
  if (!named(Global, "fir.global"))
    return std::nullopt;
  auto Init = Global->getAttrOfType<DenseIntElementsAttr>("initVal");
  if (!Init || Init.getType().getRank() != 1 || Init.getNumElements() == 0 ||
      size_t(Init.getNumElements()) > Limit)
    return std::nullopt;
  if (!Global->hasAttr("constant")) {
    // DATA: the procedure's own (internal) array, never written.
    auto Link = Global->getAttrOfType<StringAttr>("linkName");
    Operation *Module = SymbolTable::getNearestSymbolTable(Global);
    if (!Link || Link.getValue() != "internal" || !Module)
      return std::nullopt;
    bool Written = false;
    Module->walk([&](Operation *Use) {
      auto Other = named(Use, "fir.address_of")
                       ? Use->getAttrOfType<SymbolRefAttr>("symbol")
                       : nullptr;
      if (Other && Other == Symbol && !onlyRead(Use->getResult(0)))
        Written = true;
    });
    if (Written)
      return std::nullopt;
  }
  std::vector<int64_t> Out;
  for (const APInt &V : Init.getValues<APInt>()) {
    if (V.getSignificantBits() > 64)
      return std::nullopt;
    Out.push_back(V.getSExtValue());
  }
  return Out;
}

std::optional<int64_t> lowerBound(Operation *Declaration) {
  if (!named(Declaration, "hlfir.declare") || Declaration->getNumOperands() < 2)
    return 1;
  Operation *Shape = Declaration->getOperand(1).getDefiningOp();
  if (!Shape || named(Shape, "fir.shape"))
    return 1;
  if (!named(Shape, "fir.shape_shift") || Shape->getNumOperands() != 2)
    return std::nullopt;
  APInt C;
  if (!matchPattern(Shape->getOperand(0), m_ConstantInt(&C)) ||
      C.getSignificantBits() > 64)
    return std::nullopt;
  return C.getSExtValue();
}

bool isScalarValue(Type T) {
  return T.isIntOrIndexOrFloat() ||
         llvm::StringRef(printed(T)).starts_with("!fir.logical<");
}

MemoryShape shapeOf(Type T) {
  MemoryShape Shape;
  llvm::StringRef S;
  std::string Printed = printed(T);
  S = Printed;
  // `!fir.ref<!fir.array<64x?xf32>>`: the extents, then the element.
  size_t Array = S.find("!fir.array<");
  llvm::StringRef Element = S;
  if (Array != llvm::StringRef::npos) {
    llvm::StringRef Rest = S.substr(Array + strlen("!fir.array<"));
    while (true) {
      int64_t Extent;
      if (Rest.consume_front("?x")) {
        Shape.Extents.push_back(-1);
        continue;
      }
      llvm::StringRef Digits = Rest.take_while(llvm::isDigit);
      if (Digits.empty() || !Rest.drop_front(Digits.size()).starts_with("x") ||
          Digits.getAsInteger(10, Extent))
        break;
      Shape.Extents.push_back(Extent);
      Rest = Rest.drop_front(Digits.size() + 1);
    }
    Element = Rest;
  } else {
    size_t Open = S.find('<');
    Element = Open == llvm::StringRef::npos ? S : S.substr(Open + 1);
  }
  // `f32`, `i64`, `!fir.logical<4>`, `complex<f64>`.
  Shape.FloatingPoint =
      Element.starts_with("f") || Element.starts_with("complex<");
  unsigned Bits = 0;
  if ((Element.starts_with("f") || Element.starts_with("i")) &&
      !Element.drop_front().take_while(llvm::isDigit).getAsInteger(10, Bits))
    Shape.ElementBytes = (Bits + 7) / 8;
  else if (Element.consume_front("!fir.logical<") &&
           !Element.take_while(llvm::isDigit).getAsInteger(10, Bits))
    Shape.ElementBytes = Bits;
  return Shape;
}

} // namespace flang
} // namespace mlirfe
} // namespace privateer
