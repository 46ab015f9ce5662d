"""A griffe extension for the API reference: the stubs' signatures with the docstrings written in Rust.

mkdocstrings reads the package statically through griffe. For the native module ``tricktaker._core`` that
means the stubs (``python/tricktaker/_core/*.pyi``): their signatures carry the types, but most docstrings
live in the Rust bindings (``help()`` shows them). This extension, loaded by mkdocstrings (``extensions:`` in
``mkdocs.yml``), keeps the stubs' signatures and gives every member of ``tricktaker._core`` the runtime
object's docstring (the stub's own docstring stays where the runtime object has none). The stubs' private
bases (``_GameState``, ``_GameRules``, ``_GameVector``), from which each game's classes inherit the protocol,
have no runtime counterpart of their own: they take the docstrings of Sheepshead's classes, which every game
shares (``tests/test_docstrings.py`` checks that).

It also turns the package's reStructuredText habits into Markdown for every docstring of ``tricktaker``:
``:class:`State``` roles become links to the documented object (code when it is not documented, such as
private helpers or other packages), ``>>>`` sessions become ``pycon`` code blocks and a paragraph's ``::``
before an indented block becomes ``:``.
"""

from __future__ import annotations

import ast
import copy
import importlib
import inspect
import re
from typing import Any

import griffe

# The modules whose pages render their members (docs/api/*.md); a role resolved into them becomes a link.
# The top package comes last: what it re-exports from the others links to their pages.
DOCUMENTED_MODULES = (
    "tricktaker.sheepshead",
    "tricktaker.tractor",
    "tricktaker.protocol",
    "tricktaker.bots",
    "tricktaker.envs",
    "tricktaker.envs.sheepshead_v0",
    "tricktaker.envs.tractor_v0",
    "tricktaker.errors",
    "tricktaker.bench",
    "tricktaker.render",
    "tricktaker.record",
    "tricktaker.reference",
    "tricktaker",
)
# The private bases of the stubs and the runtime class whose docstrings they take.
SHARED_BASES = {
    "tricktaker._core._GameState": "tricktaker._core.sheepshead.State",
    "tricktaker._core._GameRules": "tricktaker._core.sheepshead.Rules",
    "tricktaker._core._GameVector": "tricktaker._core.sheepshead.VectorState",
}
ROLE = re.compile(r":(?:py:)?(class|func|meth|attr|data|mod|exc|obj|const):`(~?)([^`<>]+)`")
DOCTEST_START = re.compile(r"^(\s*)>>> ")


def runtime_object(path: str) -> Any:
    """The runtime object at a dotted path inside ``tricktaker``, or ``None``."""
    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: Any = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for name in parts[cut:]:
            obj = getattr(obj, name, None)
            if obj is None:
                return None
        return obj
    return None


def type_docstring(value: object, docstring: str) -> bool:
    """Whether ``docstring``, found on ``value``, is only its type's (an ``int``'s is ``int.__doc__``): what
    inspecting a data member gives, which says nothing of the member."""
    doc = type(value).__doc__
    return isinstance(doc, str) and docstring.strip() == inspect.cleandoc(doc).strip()


def runtime_docstring(path: str) -> str | None:
    """The docstring ``help()`` shows for a function, class, method or property of the native module.

    Data (an ``int`` constant) has none of its own, and ``__new__`` only inherits ``object``'s: both give
    ``None``.
    """
    obj = runtime_object(path)
    if obj is None or not (inspect.isroutine(obj) or inspect.isclass(obj) or inspect.isdatadescriptor(obj)):
        return None
    doc = obj.__doc__
    if not doc or path.endswith(".__new__") or doc.startswith("Create and return a new object"):
        return None
    return inspect.cleandoc(doc)


def markdown(text: str, link: Any) -> str:
    """A docstring's reStructuredText habits as Markdown; ``link(kind, target, short)`` writes a role."""
    text = ROLE.sub(lambda m: link(m[1], m[3], m[2] == "~"), text)
    out: list[str] = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        start = DOCTEST_START.match(line)
        if start:
            indent = start[1]
            block = []
            while i < len(lines) and lines[i].strip() and lines[i].startswith(indent):
                block.append(lines[i][len(indent) :])
                i += 1
            if out and out[-1].strip():
                out.append("")
            # At the left margin: indented (after a ``::``), Markdown would show the fence as code.
            out += ["```pycon", *block, "```", ""]
            continue
        if line.rstrip().endswith("::") and not line.strip() == "::":
            line = line.rstrip()[:-1]
        out.append(line)
        i += 1
    return "\n".join(out).rstrip() + "\n" if text.endswith("\n") else "\n".join(out).rstrip()


class RuntimeDocstrings(griffe.Extension):
    """Fill the native module's docstrings from the runtime objects; make every docstring Markdown."""

    def __init__(self) -> None:
        super().__init__()
        self._paths: dict[str, str] | None = None

    def on_attribute_instance(
        self,
        *,
        node: ast.AST | griffe.ObjectNode,
        attr: griffe.Attribute,
        agent: griffe.Visitor | griffe.Inspector,
        **kwargs: Any,
    ) -> None:
        """Drop the docstring of an inspected data member when it is its value's type's.

        griffe reads the native module from ``_core.abi3.so`` and merges the stubs into it afterwards, giving
        a member the stub's docstring only where it has none. Inspected, ``__version__`` has ``str.__doc__``
        and ``MAX_THREADS`` ``int.__doc__``: without them, the merge gives both the stubs' docstrings.
        """
        if not isinstance(node, griffe.ObjectNode) or attr.docstring is None:
            return
        if type_docstring(node.obj, attr.docstring.value):
            attr.docstring = None

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        if pkg.name != "tricktaker":
            return
        core = pkg.get_member("_core")
        for obj in self._walk(core):
            self._fill(obj)
        for obj in self._walk(core):
            if obj.is_class:
                self._flatten(obj)  # type: ignore[arg-type]
                self._constructor(obj)  # type: ignore[arg-type]
        for obj in self._walk(core):
            self._expand_private_aliases(obj)
        everything = self._walk(pkg)  # before _unshadow hides the shadowed submodules
        for obj in everything:
            if obj.is_attribute:
                self._runtime_value(obj)  # type: ignore[arg-type]
            if obj.is_module:
                self._unshadow(obj)  # type: ignore[arg-type]
        converted: set[int] = set()  # the copies made by _flatten share their docstrings
        for obj in everything:
            if obj.docstring is not None and id(obj.docstring) not in converted:
                converted.add(id(obj.docstring))
                obj.docstring.value = markdown(obj.docstring.value, self._linker(pkg, obj))

    def _walk(self, obj: griffe.Object) -> list[griffe.Object]:
        found = [obj]
        for member in obj.members.values():
            if member.is_alias:
                continue
            found += self._walk(member)  # type: ignore[arg-type]
        return found

    def _fill(self, obj: griffe.Object) -> None:
        parent = obj.parent.path if obj.parent is not None else ""
        path = obj.path
        if parent in SHARED_BASES:
            path = f"{SHARED_BASES[parent]}.{obj.name}"
        elif path in SHARED_BASES:
            return  # the bases keep the stub's own description
        doc = runtime_docstring(path)
        if doc is None:  # data too: it keeps the stub's docstring (see ``on_attribute_instance``)
            return
        if obj.docstring is None:
            obj.docstring = griffe.Docstring(doc, parent=obj)
        else:
            obj.docstring.value = doc

    @staticmethod
    def _flatten(cls: griffe.Class) -> None:
        """Copy what a native class inherits from a private base of the stubs into the class, and drop the
        base: the reader sees one class with all its members, and no name it cannot import. A member typed
        with the base's type variable (``rules: _R``) gets the class's own type (``Rules``)."""
        private = [b for b in cls.bases if str(b).split("[")[0].rsplit(".", 1)[-1].startswith("_")]
        if not private:
            return
        arguments = {}
        for base in private:
            if isinstance(base, griffe.ExprSubscript):
                resolved = cls.resolved_bases
                for parent in resolved:
                    if str(parent.name) == str(base.left).rsplit(".", 1)[-1]:
                        params = [str(p.name) for p in getattr(parent, "type_parameters", [])]
                        generic = [str(b) for b in parent.bases if str(b).startswith("Generic[")]
                        if generic:
                            params = [generic[0][len("Generic[") : -1]]
                        if params:
                            arguments[params[0]] = base.slice
        inherited = dict(cls.inherited_members)
        for name, alias in inherited.items():
            member = copy.copy(alias.final_target)
            member.parent = None
            if member.is_attribute and str(member.annotation) in arguments:
                member.annotation = arguments[str(member.annotation)]
            if member.is_function and str(member.returns) in arguments:
                member.returns = arguments[str(member.returns)]
            cls.set_member(name, member)
        cls.bases = [b for b in cls.bases if b not in private]

    @staticmethod
    def _expand_private_aliases(obj: griffe.Object) -> None:
        """The stubs' private type aliases (``_CardLike``, ``_Phase``…) written out in the annotations that
        use them, so that the reader sees ``Iterable[Card | str]``, not a name it cannot look up."""
        module = obj.module
        aliases = {
            name: str(member.value)
            for name, member in module.members.items()
            if name.startswith("_")
            and not member.is_alias
            and member.is_attribute
            and member.value is not None
            and re.fullmatch(r"[\w\[\]|., '\"]+", str(member.value))
        }
        if not aliases:
            return
        pattern = re.compile(r"\b(" + "|".join(map(re.escape, aliases)) + r")\b")
        scope = obj if obj.is_class or obj.is_module else obj.parent

        def expanded(annotation: Any) -> Any:
            if annotation is None or not pattern.search(str(annotation)):
                return annotation
            text = pattern.sub(lambda m: aliases[m[1]], str(annotation))
            return griffe.get_expression(ast.parse(text, mode="eval").body, parent=scope) or annotation

        if obj.is_function:
            for parameter in obj.parameters:  # type: ignore[attr-defined]
                parameter.annotation = expanded(parameter.annotation)
            obj.returns = expanded(obj.returns)  # type: ignore[attr-defined]
        elif obj.is_attribute:
            obj.annotation = expanded(obj.annotation)  # type: ignore[attr-defined]

    @staticmethod
    def _unshadow(module: griffe.Module) -> None:
        """``from .table import table`` in a package: at run time the name is the function, for griffe the
        submodule. Make an exported name that a submodule shadows the submodule's member of that name."""
        exports = {str(e) for e in module.exports or ()}
        for name in exports:
            member = module.members.get(name)
            if member is not None and not member.is_alias and member.is_module and name in member.members:
                target = member.members[name]
                if not target.is_alias:
                    module.set_member(name, griffe.Alias(name, target, parent=module))

    @staticmethod
    def _constructor(cls: griffe.Class) -> None:
        """A native class's ``__new__(cls, ...)`` shown as its constructor (``Card(text)``)."""
        new = cls.members.get("__new__")
        if new is None or new.is_alias or "__init__" in cls.members:
            return
        init = copy.copy(new)
        init.name = "__init__"
        init.parameters = griffe.Parameters(*[p for p in new.parameters][1:])
        init.returns = None
        init.parent = None
        cls.set_member("__init__", init)
        cls.del_member("__new__")

    @staticmethod
    def _runtime_value(attribute: griffe.Attribute) -> None:
        """A constant whose source value is an expression (``(_native.OBSERVATION_SIZE,)``) or which has
        none (the stubs) shown with its value at run time (``(537,)``), when that is a short literal."""
        if attribute.parent is None or not attribute.parent.is_module:
            return
        if attribute.value is not None:
            try:
                ast.literal_eval(str(attribute.value))
                return
            except (ValueError, SyntaxError):
                pass
        value = runtime_object(attribute.path)
        if isinstance(value, bool | int | str | tuple | list) and not isinstance(value, type):
            text = repr(value)
            if len(text) <= 80 and ast.literal_eval(text) == value:
                attribute.value = text

    def _linker(self, pkg: griffe.Module, obj: griffe.Object) -> Any:
        def link(kind: str, target: str, short: bool) -> str:
            title = target.rsplit(".", 1)[-1] if short else target
            found = self._resolve(pkg, obj, target.lstrip("."))
            return f"`{title}`" if found is None else f"[`{title}`][{found}]"

        return link

    def _resolve(self, pkg: griffe.Module, obj: griffe.Object, target: str) -> str | None:
        """The documented path of ``target``, named in ``obj``'s docstring (looked up from the innermost
        scope outwards, then from the package), or ``None``."""
        documented = self._documented(pkg)
        scopes: list[str] = []
        scope: griffe.Object | None = obj
        while scope is not None:
            scopes.append(scope.path)
            scope = scope.parent
        for candidate in [f"{s}.{target}" for s in scopes] + [target, f"tricktaker.{target}"]:
            if candidate in documented:
                return documented[candidate]
            try:
                found = pkg[candidate.removeprefix("tricktaker.")] if candidate != "tricktaker" else pkg
                path = (found.final_target if found.is_alias else found).path
            except (KeyError, ValueError, griffe.AliasResolutionError, griffe.CyclicAliasError):
                continue
            if path in documented:
                return documented[path]
        return None

    def _documented(self, pkg: griffe.Module) -> dict[str, str]:
        """Every path naming a documented object (its own, an alias's, its canonical one) -> the path under
        which its page renders it. Computed once."""
        if self._paths is not None:
            return self._paths
        paths: dict[str, str] = {}
        for module in DOCUMENTED_MODULES:
            try:
                mod = pkg if module == "tricktaker" else pkg[module.removeprefix("tricktaker.")]
            except KeyError:
                continue  # a module not written yet
            paths.setdefault(module, module)
            exports = mod.exports
            names = [str(e) for e in exports] if exports is not None else list(mod.members)
            for name in names:
                if name.startswith("_") or name not in mod.members:
                    continue
                member = mod.members[name]
                try:
                    target = member.final_target if member.is_alias else member
                except (griffe.AliasResolutionError, griffe.CyclicAliasError):
                    continue
                public = paths.get(target.path, f"{module}.{name}")
                for path in (f"{module}.{name}", target.path):
                    paths.setdefault(path, public)
                if target.is_class:
                    for sub in target.all_members:
                        if not sub.startswith("_"):
                            for path in (f"{module}.{name}", target.path):
                                paths.setdefault(f"{path}.{sub}", f"{public}.{sub}")
        self._paths = paths
        return paths
