//===- ModuleStubs.cpp - Modules Flang cannot read, as stubs --------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "ModuleStubs.h"
#include "FlangLowering.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <map>
#include <set>
#include <zlib.h>

namespace privateer {
namespace fortran {

namespace {

bool isNameStart(char C) { return llvm::isAlpha(C) || C == '_'; }
bool isNameChar(char C) { return llvm::isAlnum(C) || C == '_'; }

/// \p Line without its comment (a `!` outside a character literal).
llvm::StringRef withoutComment(llvm::StringRef Line) {
  char Quote = 0;
  for (size_t I = 0; I < Line.size(); ++I) {
    char C = Line[I];
    if (Quote) {
      if (C == Quote)
        Quote = 0;
    } else if (C == '\'' || C == '"') {
      Quote = C;
    } else if (C == '!') {
      return Line.take_front(I);
    }
  }
  return Line;
}

/// The module a statement starting at \p S (after blanks) uses, if it is a
/// USE statement of a module that is not intrinsic; \p NameAt is where the
/// name starts in \p S.
std::optional<std::string> usedModule(llvm::StringRef S, size_t &NameAt) {
  std::string Lower = S.lower();
  llvm::StringRef L(Lower);
  size_t At = 0;
  auto Skip = [&] {
    while (At < L.size() && (L[At] == ' ' || L[At] == '\t'))
      ++At;
  };
  if (!L.starts_with("use") || (L.size() > 3 && isNameChar(L[3])))
    return std::nullopt;
  At = 3;
  Skip();
  if (At < L.size() && L[At] == ',') {
    ++At;
    Skip();
    size_t Begin = At;
    while (At < L.size() && isNameChar(L[At]))
      ++At;
    llvm::StringRef Nature = L.slice(Begin, At);
    if (Nature != "non_intrinsic")
      return std::nullopt; // intrinsic (or not a USE statement)
    Skip();
    if (!L.substr(At).starts_with("::"))
      return std::nullopt;
  }
  if (L.substr(At).starts_with("::")) {
    At += 2;
    Skip();
  } else if (At == 3) {
    return std::nullopt; // `usex`, `use(1) = ...`
  }
  if (At >= L.size() || !isNameStart(L[At]))
    return std::nullopt;
  NameAt = At;
  size_t Begin = At;
  while (At < L.size() && isNameChar(L[At]))
    ++At;
  Skip();
  // What may follow the name: the end, or `, only:` / a rename list.
  if (At < L.size() && L[At] != ',' && L[At] != ';')
    return std::nullopt;
  return L.slice(Begin, At).rtrim().str();
}

//===-- gfortran module files ------------------------------------------===//

/// gfortran's module files are gzip'd (since gfortran 4.9); older ones
/// are text.
std::optional<std::string> gunzip(llvm::StringRef Data) {
  z_stream Z{};
  if (inflateInit2(&Z, 16 + MAX_WBITS) != Z_OK)
    return std::nullopt;
  Z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(Data.data()));
  Z.avail_in = Data.size();
  std::string Out;
  char Buffer[1 << 16];
  int R;
  do {
    Z.next_out = reinterpret_cast<Bytef *>(Buffer);
    Z.avail_out = sizeof Buffer;
    R = inflate(&Z, Z_NO_FLUSH);
    if (R != Z_OK && R != Z_STREAM_END) {
      inflateEnd(&Z);
      return std::nullopt;
    }
    Out.append(Buffer, sizeof Buffer - Z.avail_out);
  } while (R != Z_STREAM_END);
  inflateEnd(&Z);
  return Out;
}

/// One value of a gfortran module file: a list, an integer, a quoted
/// string or a bare word (`PARAMETER`, `INTEGER`).
struct SExpr {
  enum Kind { List, Integer, String, Word } K = List;
  std::string Text;
  std::vector<SExpr> Items;

  bool isList() const { return K == List; }
  bool isWord(llvm::StringRef W) const { return K == Word && Text == W; }
  /// The list's item \p I, or an empty list.
  const SExpr &at(size_t I) const {
    static const SExpr Empty;
    return isList() && I < Items.size() ? Items[I] : Empty;
  }
  bool hasWord(llvm::StringRef W) const {
    return llvm::any_of(Items, [&](const SExpr &E) { return E.isWord(W); });
  }
};

class SExprParser {
public:
  explicit SExprParser(llvm::StringRef Text) : Text(Text) {}

  /// Every top-level value; false on malformed text.
  bool parseAll(std::vector<SExpr> &Out) {
    while (true) {
      skipBlanks();
      if (At >= Text.size())
        return true;
      SExpr E;
      if (!parse(E, 0))
        return false;
      Out.push_back(std::move(E));
    }
  }

private:
  void skipBlanks() {
    while (At < Text.size() && llvm::isSpace(Text[At]))
      ++At;
  }
  bool parse(SExpr &E, unsigned Depth) {
    skipBlanks();
    if (At >= Text.size() || Depth > 200)
      return false;
    char C = Text[At];
    if (C == '(') {
      ++At;
      E.K = SExpr::List;
      while (true) {
        skipBlanks();
        if (At >= Text.size())
          return false;
        if (Text[At] == ')') {
          ++At;
          return true;
        }
        E.Items.emplace_back();
        if (!parse(E.Items.back(), Depth + 1))
          return false;
      }
    }
    if (C == ')')
      return false;
    if (C == '\'') {
      ++At;
      E.K = SExpr::String;
      while (At < Text.size()) {
        if (Text[At] == '\'') {
          if (At + 1 < Text.size() && Text[At + 1] == '\'') {
            E.Text += '\'';
            At += 2;
            continue;
          }
          ++At;
          return true;
        }
        E.Text += Text[At++];
      }
      return false;
    }
    size_t Begin = At;
    while (At < Text.size() && !llvm::isSpace(Text[At]) && Text[At] != '(' &&
           Text[At] != ')')
      ++At;
    E.Text = Text.slice(Begin, At).str();
    bool Digits =
        !E.Text.empty() && llvm::all_of(llvm::StringRef(E.Text).drop_front(
                                            E.Text[0] == '-' ? 1 : 0),
                                        llvm::isDigit);
    E.K = Digits ? SExpr::Integer : SExpr::Word;
    return true;
  }

  llvm::StringRef Text;
  size_t At = 0;
};

/// A symbol of the module file: its name and what gfortran wrote of it.
struct GSymbol {
  std::string Name;
  const SExpr *Info = nullptr;
};

/// gfortran's real constants are mpfr's base-16 strings: `0.8@1` is 8.
std::optional<std::string> realValue(llvm::StringRef S, unsigned Kind) {
  bool Negative = S.consume_front("-");
  auto [Mantissa, Exponent] = S.split('@');
  if (!Mantissa.consume_front("0."))
    return std::nullopt;
  long double V = 0, Scale = 1.0L / 16;
  for (char C : Mantissa) {
    unsigned D;
    if (!llvm::StringRef(&C, 1).getAsInteger(16, D)) {
      V += D * Scale;
      Scale /= 16;
    } else {
      return std::nullopt;
    }
  }
  long E = 0;
  if (!Exponent.empty() && Exponent.getAsInteger(10, E))
    return std::nullopt;
  V = std::ldexp(V, int(4 * E));
  if (!std::isfinite(double(V)))
    return std::nullopt;
  char Out[64];
  std::snprintf(Out, sizeof Out, "%.21Lg", Negative ? -V : V);
  std::string Text = Out;
  if (Text.find_first_of(".e") == std::string::npos)
    Text += ".0";
  return Text + "_" + std::to_string(Kind);
}

/// The Fortran type of typespec \p T (`(INTEGER 4 ...)`), or empty.
std::string typeOf(const SExpr &T) {
  const SExpr &Base = T.at(0);
  const SExpr &Kind = T.at(1);
  if (Base.K != SExpr::Word || Kind.K != SExpr::Integer)
    return "";
  std::string K = Kind.Text;
  if (Base.Text == "INTEGER")
    return "integer(" + K + ")";
  if (Base.Text == "REAL")
    return "real(" + K + ")";
  if (Base.Text == "COMPLEX")
    return "complex(" + K + ")";
  if (Base.Text == "LOGICAL")
    return "logical(" + K + ")";
  if (Base.Text == "CHARACTER") {
    // The length: `((CONSTANT (INTEGER ...) 0 '10' ()))` after the words.
    for (const SExpr &Item : T.Items)
      if (Item.isList() && Item.at(0).isList() &&
          Item.at(0).at(0).isWord("CONSTANT") &&
          Item.at(0).at(3).K == SExpr::String)
        return "character(len=" + Item.at(0).at(3).Text + ",kind=" + K + ")";
    return "";
  }
  return "";
}

/// A scalar constant `(CONSTANT (type) 0 'value' ...)` as Fortran.
std::optional<std::string> constantOf(const SExpr &V, const SExpr &Type) {
  if (!V.at(0).isWord("CONSTANT"))
    return std::nullopt;
  llvm::StringRef Base = Type.at(0).Text;
  unsigned Kind = 4;
  llvm::StringRef(Type.at(1).Text).getAsInteger(10, Kind);
  // The value is the last string of the expression (a character
  // constant's length comes before it).
  const SExpr *Value = nullptr;
  for (const SExpr &Item : V.Items)
    if (Item.K == SExpr::String)
      Value = &Item;
  if (!Value)
    return std::nullopt;
  llvm::StringRef Text = Value->Text;
  if (Base == "INTEGER") {
    long long N;
    if (Text.getAsInteger(10, N))
      return std::nullopt;
    // The most negative value is not a literal of its kind.
    if (N < 0)
      return "(" + Text.str() + "_" + std::to_string(Kind) + ")";
    return Text.str() + "_" + std::to_string(Kind);
  }
  if (Base == "LOGICAL")
    return std::string(Text == "0" ? ".false." : ".true.") + "_" +
           std::to_string(Kind);
  if (Base == "REAL")
    return realValue(Text, Kind);
  if (Base == "CHARACTER") {
    if (Text.size() > 60 || Text.contains('\n'))
      return std::nullopt;
    std::string Quoted = "'";
    for (char C : Text)
      Quoted += C == '\'' ? std::string("''") : std::string(1, C);
    return Quoted + "'";
  }
  return std::nullopt;
}

/// The shape of array spec \p A (`(1 0 EXPLICIT (lo) (hi) ...)`): `(1:6)`
/// for constant bounds, `(:)` otherwise (with \p Deferred set).
std::string shapeOf(const SExpr &A, bool &Deferred) {
  Deferred = false;
  unsigned Rank = 0;
  if (A.at(0).K != SExpr::Integer ||
      llvm::StringRef(A.at(0).Text).getAsInteger(10, Rank) || Rank == 0)
    return "";
  std::vector<std::string> Dims;
  bool Explicit = A.at(2).isWord("EXPLICIT");
  for (unsigned D = 0; D < Rank; ++D) {
    const SExpr &Lo = A.at(3 + 2 * D), &Hi = A.at(4 + 2 * D);
    auto Bound = [](const SExpr &B) -> std::optional<std::string> {
      if (!B.at(0).isWord("CONSTANT"))
        return std::nullopt;
      for (const SExpr &Item : B.Items)
        if (Item.K == SExpr::String) {
          long long N;
          if (llvm::StringRef(Item.Text).getAsInteger(10, N))
            return std::nullopt;
          return Item.Text;
        }
      return std::nullopt;
    };
    auto L = Bound(Lo), H = Bound(Hi);
    if (!Explicit || !L || !H)
      Deferred = true;
    else
      Dims.push_back(*L + ":" + *H);
  }
  if (Deferred)
    return "(" + llvm::join(std::vector<std::string>(Rank, ":"), ",") + ")";
  return "(" + llvm::join(Dims, ",") + ")";
}

/// The declaration of public name \p Name for symbol \p S; empty when
/// none is made (a derived type, a namelist, the module itself).
std::string declarationOf(llvm::StringRef Name, const GSymbol &S) {
  const SExpr &Attrs = S.Info->at(0);
  const SExpr &Type = S.Info->at(2);
  const SExpr &Value = S.Info->at(6);
  const SExpr &Array = S.Info->at(7);
  std::string T = typeOf(Type);
  llvm::StringRef Flavor = Attrs.at(0).Text;
  if (Flavor == "PROCEDURE") {
    if (Attrs.hasWord("FUNCTION") && !T.empty())
      return T + ", external :: " + Name.str();
    return "external :: " + Name.str();
  }
  if (T.empty())
    return "";
  bool Deferred = false;
  std::string Shape = shapeOf(Array, Deferred);
  if (Flavor == "PARAMETER" && Shape.empty())
    if (auto V = constantOf(Value, Type))
      return T + ", parameter :: " + Name.str() + " = " + *V;
  if (Flavor != "PARAMETER" && Flavor != "VARIABLE")
    return "";
  // A variable (or a named constant whose value is not a simple one) of
  // unknown value; arrays of unknown bounds are allocatable.
  if (Deferred)
    return T + ", allocatable :: " + Name.str() + Shape;
  if (T.rfind("character", 0) == 0 && Flavor == "PARAMETER")
    return "";
  return T + " :: " + Name.str() + Shape;
}

} // namespace

//===-- Uses --------------------------------------------------------------===//

/// The module a statement `module <name>` defines (not `module
/// procedure ...`).
std::optional<std::string> definedModule(llvm::StringRef S) {
  std::string Lower = S.trim().lower();
  llvm::StringRef L(Lower);
  if (!L.consume_front("module") || L.empty() || !llvm::isSpace(L[0]))
    return std::nullopt;
  L = L.trim();
  if (L.empty() || !isNameStart(L[0]) || !llvm::all_of(L, isNameChar))
    return std::nullopt;
  return L.str();
}

std::vector<ModuleUse> moduleUses(llvm::StringRef Source, bool FixedForm) {
  std::vector<ModuleUse> Uses;
  std::set<std::string> Seen, Defined;
  unsigned LineNo = 0;
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Source.split(Lines, '\n');
  for (llvm::StringRef Raw : Lines) {
    ++LineNo;
    llvm::StringRef Line = Raw.rtrim("\r");
    size_t Offset = 0;
    if (FixedForm) {
      if (!Line.empty() && (Line[0] == 'c' || Line[0] == 'C' ||
                            Line[0] == '*' || Line[0] == '!'))
        continue;
      // Columns 1-6: labels and the continuation mark.
      if (Line.size() > 6 && Line[5] != ' ' && Line[5] != '0')
        continue;
      Offset = std::min<size_t>(6, Line.size());
    }
    llvm::StringRef Code = withoutComment(Line.drop_front(Offset));
    // Statements separated by `;`.
    size_t StatementAt = Offset;
    for (llvm::StringRef Rest = Code; !Rest.empty();) {
      auto [Statement, After] = Rest.split(';');
      size_t Lead = Statement.size() - Statement.ltrim().size();
      size_t NameAt = 0;
      if (auto Name = usedModule(Statement.ltrim(), NameAt))
        if (Seen.insert(*Name).second)
          Uses.push_back(
              {*Name, LineNo, unsigned(StatementAt + Lead + NameAt + 1)});
      if (auto Name = definedModule(Statement))
        Defined.insert(*Name);
      StatementAt += Statement.size() + 1;
      Rest = After;
    }
  }
  // A module the file defines itself is no module file's.
  llvm::erase_if(Uses,
                 [&](const ModuleUse &U) { return Defined.count(U.Name); });
  return Uses;
}

ModuleFileKind moduleFileKind(llvm::StringRef Contents) {
  llvm::StringRef C = Contents;
  C.consume_front("\xEF\xBB\xBF"); // Flang writes a byte-order mark
  if (C.starts_with("!mod$"))
    return ModuleFileKind::Flang;
  if (C.starts_with("\x1f\x8b") || C.starts_with("GFORTRAN module"))
    return ModuleFileKind::GFortran;
  return ModuleFileKind::Other;
}

std::optional<std::string> stubFromGFortran(llvm::StringRef Name,
                                            llvm::StringRef Contents,
                                            unsigned &Declared,
                                            std::string &Why) {
  Declared = 0;
  std::string Text;
  if (Contents.starts_with("\x1f\x8b")) {
    auto Unzipped = gunzip(Contents);
    if (!Unzipped) {
      Why = "its gzip data cannot be read";
      return std::nullopt;
    }
    Text = std::move(*Unzipped);
  } else {
    Text = Contents.str();
  }
  llvm::StringRef Body(Text);
  if (!Body.starts_with("GFORTRAN module")) {
    Why = "it is not a gfortran module file";
    return std::nullopt;
  }
  Body = Body.split('\n').second;
  std::vector<SExpr> Top;
  if (!SExprParser(Body).parseAll(Top) || Top.empty()) {
    Why = "its contents could not be parsed";
    return std::nullopt;
  }
  // The symbols: a list of `id 'name' 'module' 'binding' parent (info)`;
  // the public names: the last list, of `'name' ambiguous id`.
  std::map<std::string, GSymbol> ById;
  for (const SExpr &List : Top) {
    const auto &I = List.Items;
    if (!List.isList() || I.size() < 6 || I[0].K != SExpr::Integer ||
        I[1].K != SExpr::String || !I[5].isList())
      continue;
    for (size_t K = 0; K + 6 <= I.size(); K += 6) {
      if (I[K].K != SExpr::Integer || I[K + 1].K != SExpr::String ||
          !I[K + 5].isList())
        break;
      ById[I[K].Text] = {I[K + 1].Text, &I[K + 5]};
    }
    if (!ById.empty())
      break;
  }
  const SExpr &Public = Top.back();
  if (ById.empty() || !Public.isList()) {
    Why = "no symbols were found in it";
    return std::nullopt;
  }
  std::string Out = "module " + Name.str() + "\n  implicit none\n";
  std::set<std::string> Done;
  for (size_t K = 0; K + 3 <= Public.Items.size(); K += 3) {
    const SExpr &N = Public.Items[K], &Id = Public.Items[K + 2];
    if (N.K != SExpr::String || Id.K != SExpr::Integer)
      continue;
    auto It = ById.find(Id.Text);
    llvm::StringRef PublicName = N.Text;
    if (It == ById.end() || PublicName.empty() || !isNameStart(PublicName[0]) ||
        PublicName.size() > 63 || !llvm::all_of(PublicName, isNameChar) ||
        !Done.insert(PublicName.lower()).second)
      continue;
    std::string D = declarationOf(PublicName, It->second);
    if (D.empty())
      continue;
    Out += "  " + D + "\n";
    ++Declared;
  }
  Out += "end module " + Name.str() + "\n";
  return Out;
}

//===-- Stubs -------------------------------------------------------------===//

namespace {

/// The module file Flang reads for \p Name: the first `<name>.mod` in the
/// current directory (\p SearchCurrentDir), then in \p SearchDirs; empty
/// when there is none.
std::string findModuleFile(llvm::StringRef Name,
                           llvm::ArrayRef<std::string> SearchDirs,
                           bool SearchCurrentDir) {
  std::vector<std::string> Dirs;
  if (SearchCurrentDir)
    Dirs.push_back(".");
  llvm::append_range(Dirs, SearchDirs);
  for (const std::string &Dir : Dirs) {
    llvm::SmallString<256> Path(Dir);
    llvm::sys::path::append(Path, Name + ".mod");
    if (llvm::sys::fs::is_regular_file(Path)) {
      llvm::sys::fs::make_absolute(Path);
      llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
      return Path.str().str();
    }
  }
  return "";
}

/// Compiles \p Source (module \p Name) into \p Dir; false when Flang
/// rejects it.
bool compileStub(llvm::StringRef Name, const std::string &Source,
                 llvm::StringRef Dir) {
  if (llvm::sys::fs::create_directories(Dir))
    return false;
  llvm::SmallString<256> File(Dir);
  llvm::sys::path::append(File, Name + ".f90");
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(File, EC);
    if (EC)
      return false;
    OS << Source;
  }
  bool Compiled =
      compileModulesQuietly({"-module-dir", Dir.str(), File.str().str()});
  llvm::SmallString<256> Mod(Dir);
  llvm::sys::path::append(Mod, Name + ".mod");
  return Compiled && llvm::sys::fs::exists(Mod);
}

/// The file `#include "name"` or `include 'name'` names, looked up beside
/// \p Includer, then in \p Dirs; empty when there is none.
std::string includedFile(llvm::StringRef Name, llvm::StringRef Includer,
                         llvm::ArrayRef<std::string> Dirs) {
  std::vector<std::string> Where{llvm::sys::path::parent_path(Includer).str()};
  llvm::append_range(Where, Dirs);
  for (const std::string &D : Where) {
    llvm::SmallString<256> Path(D.empty() ? "." : D);
    llvm::sys::path::append(Path, Name);
    if (llvm::sys::fs::is_regular_file(Path))
      return Path.str().str();
  }
  return "";
}

/// The modules \p Source (the text of \p File) uses, with those of the
/// files it includes (ELPA writes its procedures in `#include`d
/// templates), these said at the include line.
std::vector<ModuleUse> usesWithIncludes(llvm::StringRef File,
                                        llvm::StringRef Source, bool FixedForm,
                                        llvm::ArrayRef<std::string> Dirs,
                                        unsigned Depth) {
  std::vector<ModuleUse> Uses = moduleUses(Source, FixedForm);
  if (Depth >= 8)
    return Uses;
  std::set<std::string> Seen;
  for (const ModuleUse &U : Uses)
    Seen.insert(U.Name);
  unsigned LineNo = 0;
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Source.split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    ++LineNo;
    llvm::StringRef L = Line.trim();
    llvm::StringRef Name;
    if (L.consume_front("#")) {
      L = L.ltrim();
      if (!L.consume_front("include"))
        continue;
      L = L.trim();
      if (L.size() < 2 || L.front() != '"')
        continue;
      Name = L.drop_front().take_until([](char C) { return C == '"'; });
    } else if (L.size() > 8 && L.take_front(7).equals_insensitive("include") &&
               (L[7] == ' ' || L[7] == '\'' || L[7] == '"')) {
      L = L.drop_front(7).ltrim();
      if (L.empty() || (L.front() != '\'' && L.front() != '"'))
        continue;
      char Quote = L.front();
      Name = L.drop_front().take_until([&](char C) { return C == Quote; });
    } else {
      continue;
    }
    std::string Path = includedFile(Name, File, Dirs);
    if (Path.empty())
      continue;
    auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
    if (!Buffer)
      continue;
    for (ModuleUse U : usesWithIncludes(Path, (*Buffer)->getBuffer(), FixedForm,
                                        Dirs, Depth + 1))
      if (Seen.insert(U.Name).second) {
        U.Line = LineNo;
        U.Column = 1;
        Uses.push_back(U);
      }
  }
  return Uses;
}

/// The directory of the stub for module \p Name read from \p Path (one
/// per module file, or per missing module, shared by every file).
llvm::SmallString<256> stubDirFor(llvm::StringRef Name, llvm::StringRef Path,
                                  llvm::StringRef Contents,
                                  llvm::StringRef StubRoot) {
  llvm::SHA256 Hash;
  Hash.update(Name);
  Hash.update(Path);
  Hash.update(Contents);
  std::string Key = llvm::toHex(Hash.final(), /*LowerCase=*/true).substr(0, 16);
  llvm::SmallString<256> Dir(StubRoot);
  llvm::sys::path::append(Dir, Name + "-" + Key);
  return Dir;
}

} // namespace

std::vector<StubbedModule>
stubUnreadableModules(llvm::StringRef File, llvm::StringRef Source,
                      bool FixedForm, llvm::ArrayRef<std::string> SearchDirs,
                      llvm::StringRef StubRoot, bool SearchCurrentDir) {
  std::vector<StubbedModule> Stubs;
  // The modules to look up: those the file uses, then those the Flang
  // module files they resolve to use in turn (a module file says `use m`
  // for what it takes from m, and Flang reads m's file too).
  std::vector<std::pair<ModuleUse, std::string>> Work;
  for (const ModuleUse &U :
       usesWithIncludes(File, Source, FixedForm, SearchDirs, /*Depth=*/0))
    Work.push_back({U, ""});
  std::set<std::string> Looked;
  for (size_t W = 0; W < Work.size(); ++W) {
    auto [U, Via] = Work[W];
    if (!Looked.insert(U.Name).second)
      continue;
    StubbedModule S;
    S.Use = U;
    S.Via = Via;
    S.Path = findModuleFile(U.Name, SearchDirs, SearchCurrentDir);
    std::string Contents;
    if (!S.Path.empty()) {
      auto Buffer = llvm::MemoryBuffer::getFile(S.Path, /*IsText=*/false);
      if (!Buffer)
        continue; // Flang says it cannot read it
      Contents = (*Buffer)->getBuffer().str();
      if (moduleFileKind(Contents) == ModuleFileKind::Flang) {
        for (ModuleUse Dependency : moduleUses(Contents, /*FixedForm=*/false)) {
          // Said at the file's own USE statement.
          Dependency.Line = U.Line;
          Dependency.Column = U.Column;
          Work.push_back({Dependency, Via.empty() ? U.Name : Via});
        }
        continue;
      }
    }
    llvm::SmallString<256> Dir = stubDirFor(U.Name, S.Path, Contents, StubRoot);
    S.StubDir = Dir.str().str();
    std::string Empty = "module " + U.Name + "\nend module " + U.Name + "\n";
    std::optional<std::string> Stub;
    if (S.Path.empty()) {
      S.What = "not found";
    } else if (moduleFileKind(Contents) == ModuleFileKind::GFortran) {
      std::string Why;
      Stub = stubFromGFortran(U.Name, Contents, S.Declared, Why);
      S.What = Stub ? "a gfortran module file"
                    : "a gfortran module file (" + Why + ")";
    } else {
      S.What = "not a module file";
    }
    llvm::SmallString<256> Done(Dir);
    llvm::sys::path::append(Done, "declared");
    if (auto Cached = llvm::MemoryBuffer::getFile(Done)) {
      // Made for an earlier file of this run.
      llvm::StringRef((*Cached)->getBuffer())
          .trim()
          .getAsInteger(10, S.Declared);
      Stubs.push_back(std::move(S));
      continue;
    }
    if (!Stub || !compileStub(U.Name, *Stub, Dir)) {
      // A stub Flang rejects: one that declares nothing.
      S.Declared = 0;
      if (!compileStub(U.Name, Empty, Dir))
        continue;
    }
    std::error_code EC;
    llvm::raw_fd_ostream(Done, EC) << S.Declared << "\n";
    Stubs.push_back(std::move(S));
  }
  return Stubs;
}

std::string stubNote(const StubbedModule &S) {
  std::string Name = "module '" + S.Use.Name + "'" +
                     (S.Via.empty() ? "" : " (used by module '" + S.Via + "')");
  std::string Note =
      S.Path.empty() ? Name + " was not found (no '" + S.Use.Name +
                           ".mod' in the current directory or the -I and -J "
                           "directories)"
                     : Name + " is read from '" + S.Path + "', " + S.What +
                           ", which Flang cannot read";
  Note += ": its procedures are treated as calls privateer cannot see, its "
          "variables as unknown";
  if (S.Declared)
    Note += " (" + std::to_string(S.Declared) +
            " names declared from the file: constants with their values, "
            "no derived types)";
  else
    Note += " (nothing it declares is known: a name the file takes from it "
            "is undeclared)";
  return Note;
}

} // namespace fortran
} // namespace privateer
