//===- Facts.cpp - What the code states about a region's values -----------===//
//
// Part of privateer. See Facts.h.
//
//===----------------------------------------------------------------------===//

#include "privateer/Model/Facts.h"

#include <cctype>
#include <cstdint>
#include <optional>
#include <string>

namespace privateer {

namespace {

/// \p E as a base plus a constant: `b + 16 - 1` is (b, 15).
std::pair<const Expr *, int64_t> baseAndOffset(const Expr &E) {
  const Expr *Base = &E;
  int64_t Offset = 0;
  for (unsigned Depth = 0; Depth < 16; ++Depth) {
    if (Base->kind() == ExprKind::Constant)
      return {nullptr, Offset + Base->value()};
    if (Base->kind() != ExprKind::Add && Base->kind() != ExprKind::Sub)
      break;
    const ExprRef &Rhs = Base->operands()[1];
    if (Rhs->kind() != ExprKind::Constant || Rhs->value() == INT64_MIN ||
        Rhs->value() > (int64_t(1) << 40) || Rhs->value() < -(int64_t(1) << 40))
      break;
    Offset += Base->kind() == ExprKind::Add ? Rhs->value() : -Rhs->value();
    Base = Base->operands()[0].get();
  }
  return {Base, Offset};
}

/// Whether \p C holds whatever the values: both sides the same expression
/// but for constants that satisfy it (`b + 15 >= b`, which a loop from b
/// to b + 15 states). Such a fact tells the solver nothing and can cost it
/// its time (divisions in b).
bool tautology(const Condition &C) {
  auto [L, A] = baseAndOffset(*C.Lhs);
  auto [Rt, B] = baseAndOffset(*C.Rhs);
  if (L != Rt && !(L && Rt && L->equals(*Rt)))
    return false;
  switch (C.Op) {
  case Comparison::LT:
    return A < B;
  case Comparison::LE:
    return A <= B;
  case Comparison::GT:
    return A > B;
  case Comparison::GE:
    return A >= B;
  case Comparison::EQ:
    return A == B;
  case Comparison::NE:
    return A != B;
  }
  return false;
}

} // namespace

void addLoopTripFacts(ParallelRegion &R) {
  for (SymbolId Id = 0; Id < R.Symbols.size(); ++Id) {
    const Symbol &S = R.Symbols[Id];
    // The loops around the construct (an invariant with bounds) ran
    // wherever a work item runs. (A distributed loop's trip count is in
    // every question already: its variable, in its bounds, names the two
    // work items; an inner loop ran only inside itself.)
    if (S.Kind != SymbolKind::Invariant || R.isWorkItemVar(Id) || !S.Min ||
        !S.Max)
      continue;
    if (S.Min->kind() == ExprKind::Constant &&
        S.Max->kind() == ExprKind::Constant)
      continue;
    Condition Ran{S.Max, Comparison::GE, S.Min};
    if (!tautology(Ran))
      R.Stated.push_back(std::move(Ran));
  }
}

void addStatedFact(ParallelRegion &R, Condition C) {
  if (tautology(C))
    return;
  R.Stated.push_back(std::move(C));
  R.FactsStated = true;
}

namespace {

/// A recursive-descent reader of one stated condition.
class ConditionReader {
public:
  ConditionReader(std::string_view Text,
                  const std::function<ExprRef(std::string_view)> &Lookup)
      : Text(Text), Lookup(Lookup) {}

  /// conjunct (and conjunct)*; false on anything else.
  bool read(std::vector<Condition> &Out) {
    std::vector<Condition> Read;
    do {
      std::optional<Condition> C;
      bool Known = true;
      if (!comparison(C, Known))
        return false;
      if (C && Known)
        Read.push_back(*C);
    } while (accept(".and.") || accept("&&"));
    skipBlanks();
    if (Pos != Text.size())
      return false;
    Out.insert(Out.end(), Read.begin(), Read.end());
    return true;
  }

private:
  void skipBlanks() {
    while (Pos < Text.size() && std::isspace((unsigned char)Text[Pos]))
      ++Pos;
  }

  /// Case-insensitive: Fortran's operators and names.
  bool accept(std::string_view Token) {
    skipBlanks();
    if (Text.size() - Pos < Token.size())
      return false;
    for (size_t K = 0; K < Token.size(); ++K)
      if (std::tolower((unsigned char)Text[Pos + K]) != Token[K])
        return false;
    // `<` is not the start of `<=`, nor `/` of `/=`.
    if ((Token == "<" || Token == ">" || Token == "/" || Token == "=") &&
        Pos + 1 < Text.size() && Text[Pos + 1] == '=')
      return false;
    Pos += Token.size();
    return true;
  }

  bool comparison(std::optional<Condition> &C, bool &Known) {
    ExprRef L = sum(Known);
    if (!L || Failed)
      return false;
    static const std::pair<const char *, Comparison> Ops[] = {
        {"<=", Comparison::LE},   {">=", Comparison::GE},
        {"==", Comparison::EQ},   {"/=", Comparison::NE},
        {"!=", Comparison::NE},   {"<", Comparison::LT},
        {">", Comparison::GT},    {".le.", Comparison::LE},
        {".ge.", Comparison::GE}, {".eq.", Comparison::EQ},
        {".ne.", Comparison::NE}, {".lt.", Comparison::LT},
        {".gt.", Comparison::GT}};
    for (const auto &[Spelling, Op] : Ops)
      if (accept(Spelling)) {
        ExprRef Rt = sum(Known);
        if (Failed)
          return false;
        if (Known)
          C = Condition{L, Op, Rt};
        return true;
      }
    return false;
  }

  ExprRef sum(bool &Known) {
    ExprRef E = product(Known);
    for (;;) {
      if (accept("+"))
        E = combine(ExprKind::Add, E, product(Known));
      else if (accept("-"))
        E = combine(ExprKind::Sub, E, product(Known));
      else
        return E;
    }
  }

  ExprRef product(bool &Known) {
    ExprRef E = unary(Known);
    for (;;) {
      if (accept("*"))
        E = combine(ExprKind::Mul, E, unary(Known));
      else if (accept("/"))
        E = combine(ExprKind::Div, E, unary(Known));
      else
        return E;
    }
  }

  ExprRef unary(bool &Known) {
    if (accept("-")) {
      ExprRef E = unary(Known);
      return E ? Expr::neg(E) : nullptr;
    }
    if (accept("+"))
      return unary(Known);
    return primary(Known);
  }

  ExprRef primary(bool &Known) {
    skipBlanks();
    if (Failed || Pos >= Text.size())
      return fail();
    if (accept("(")) {
      ExprRef E = sum(Known);
      if (!accept(")"))
        return fail();
      return E;
    }
    char C = Text[Pos];
    if (std::isdigit((unsigned char)C)) {
      int64_t V = 0;
      while (Pos < Text.size() && std::isdigit((unsigned char)Text[Pos])) {
        if (V > (INT64_MAX - 9) / 10)
          return fail();
        V = V * 10 + (Text[Pos++] - '0');
      }
      // A Fortran kind suffix (`1_8`) leaves the value as it is.
      if (Pos < Text.size() && Text[Pos] == '_')
        while (Pos < Text.size() &&
               (std::isalnum((unsigned char)Text[Pos]) || Text[Pos] == '_'))
          ++Pos;
      return Expr::constant(V);
    }
    if (!std::isalpha((unsigned char)C) && C != '_')
      return fail();
    size_t Start = Pos;
    while (Pos < Text.size() &&
           (std::isalnum((unsigned char)Text[Pos]) || Text[Pos] == '_'))
      ++Pos;
    std::string_view Spelled = Text.substr(Start, Pos - Start);
    std::string Name;
    for (char X : Spelled)
      Name += char(std::tolower((unsigned char)X));
    if (accept("(")) {
      // MOD, MIN and MAX of two arguments; no other function.
      ExprKind K = Name == "mod"   ? ExprKind::Mod
                   : Name == "min" ? ExprKind::Min
                   : Name == "max" ? ExprKind::Max
                                   : ExprKind::Neg;
      if (K == ExprKind::Neg)
        return element(Name, Known);
      ExprRef A = sum(Known);
      if (!accept(","))
        return fail();
      ExprRef B = sum(Known);
      if (!accept(")"))
        return fail();
      return combine(K, A, B);
    }
    ExprRef Value = Lookup(Spelled);
    if (!Value)
      Known = false; // a name the region does not know: the conjunct goes
    return Value ? Value : Expr::constant(0);
  }

  /// An array element (`step(work(1))`, past its `(`): the value the
  /// region names so, spelled in lower case without blanks.
  ExprRef element(std::string Name, bool &Known) {
    Name += '(';
    for (unsigned Depth = 1; Pos < Text.size(); ++Pos) {
      char X = Text[Pos];
      Depth += X == '(';
      Depth -= X == ')';
      if (Depth == 0)
        break;
      if (!std::isspace((unsigned char)X))
        Name += char(std::tolower((unsigned char)X));
    }
    if (!accept(")"))
      return fail();
    Name += ')';
    ExprRef Value = Lookup(Name);
    if (!Value)
      Known = false;
    return Value ? Value : Expr::constant(0);
  }

  ExprRef combine(ExprKind K, ExprRef A, ExprRef B) {
    if (!A || !B)
      return fail();
    return Expr::binary(K, A, B);
  }

  ExprRef fail() {
    Failed = true;
    return nullptr;
  }

  std::string_view Text;
  const std::function<ExprRef(std::string_view)> &Lookup;
  size_t Pos = 0;
  bool Failed = false;
};

} // namespace

bool parseStatedCondition(
    std::string_view Text,
    const std::function<ExprRef(std::string_view Name)> &Lookup,
    std::vector<Condition> &Out) {
  return ConditionReader(Text, Lookup).read(Out);
}

} // namespace privateer
