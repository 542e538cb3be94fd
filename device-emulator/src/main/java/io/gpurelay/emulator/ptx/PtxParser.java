package io.gpurelay.emulator.ptx;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.gpurelay.emulator.ptx.PtxLexer.Kind;
import io.gpurelay.emulator.ptx.PtxLexer.Token;

/**
 * Reads a PTX module: module directives, variables with their initializers, and the declarations and statements of
 * each function. Registers and function-scoped symbols are resolved here, against the {@code { }} scopes in force
 * where a statement appears; instruction names are only split into statements and checked later by
 * {@link InstructionDecoder}.
 */
final class PtxParser
{
    /**
     * Registers (and predicates) one function may declare: far more than compilers emit, few enough that a
     * declaration such as {@code .reg .b32 %r<2000000000>;} is refused instead of costing a symbol for each.
     */
    static final int MAX_REGISTERS_PER_FUNCTION = 65536;
    /** Local memory of one thread, CUDA's own limit. */
    static final int MAX_LOCAL_BYTES_PER_THREAD = 512 * 1024;
    /** Bytes of {@code .global} and {@code .const} variables one module may declare; they are held on the heap. */
    static final long MAX_MODULE_VARIABLE_BYTES = 64L * 1024 * 1024;

    private long moduleVariableBytes;

    /** An address of a variable inside another variable's initializer, patched in at instantiation. */
    record Relocation(int offset, int size, String target, long addend, int line)
    {
    }

    record ParsedModule(
        List<ParsedFunction> functions,
        List<ModuleVariable> variables,
        Map<String, List<Relocation>> relocations,
        Map<String, SharedVariable> sharedVariables,
        Set<String> textureReferences,
        Set<String> surfaceReferences)
    {
    }

    private final List<Token> tokens;
    private int index;
    private final Map<String, ParsedFunction> functions = new LinkedHashMap<>();
    private final List<ModuleVariable> variables = new ArrayList<>();
    private final Map<String, List<Relocation>> relocations = new HashMap<>();
    private final Map<String, SharedVariable> sharedVariables = new LinkedHashMap<>();
    /** Module-scope {@code .global .texref} and {@code .global .surfref} names (cuModuleGetTexRef/SurfRef). */
    private final Set<String> textureReferences = new LinkedHashSet<>();
    private final Set<String> surfaceReferences = new LinkedHashSet<>();

    private ParsedFunction function;
    private final Deque<Map<String, Object>> scopes = new ArrayDeque<>();

    private PtxParser(final List<Token> tokens)
    {
        this.tokens = tokens;
    }

    static ParsedModule parse(final String source)
    {
        final PtxParser parser = new PtxParser(PtxLexer.tokenize(source));
        parser.parseModule();
        return new ParsedModule(
            new ArrayList<>(parser.functions.values()), parser.variables, parser.relocations, parser.sharedVariables,
            parser.textureReferences, parser.surfaceReferences);
    }

    private void parseModule()
    {
        boolean external = false;
        while (peek().kind() != Kind.END)
        {
            final Token token = next();
            switch (token.text())
            {
                case ".version" -> expect(Kind.NUMBER, "a PTX version");
                case ".target" -> parseTarget();
                case ".address_size" ->
                {
                    final Token size = expect(Kind.NUMBER, "an address size");
                    if (!size.text().equals("64"))
                    {
                        throw new PtxException(".address_size " + size.text() + " is not supported (64 only)",
                            size.line());
                    }
                }
                case ".file", ".loc" -> skipLine(token.line());
                case ".section" -> skipSection();
                case ".pragma" ->
                {
                    expect(Kind.STRING, "a pragma string");
                    expectPunctuation(";");
                }
                case ".extern" -> external = true;
                case ".visible", ".weak", ".common" ->
                {
                    // Linkage only matters to a linker; a module here is always complete on its own.
                }
                case ".entry" -> parseFunction(true, token.line());
                case ".func" -> parseFunction(false, token.line());
                case ".global", ".const" -> parseModuleVariables(token, external);
                case ".shared" -> parseSharedVariables(token, external, null);
                default -> throw new PtxException("unexpected '" + token.text() + "' at module level", token.line());
            }
            if (!token.text().equals(".extern"))
            {
                external = false;
            }
        }
    }

    private void parseTarget()
    {
        do
        {
            expect(Kind.WORD, "a target");
        }
        while (acceptPunctuation(","));
    }

    private void skipLine(final int line)
    {
        while (peek().kind() != Kind.END && peek().line() == line)
        {
            next();
        }
    }

    private void skipSection()
    {
        expect(Kind.WORD, "a section name");
        expectPunctuation("{");
        int depth = 1;
        while (depth > 0)
        {
            final Token token = next();
            if (token.kind() == Kind.END)
            {
                throw new PtxException("unterminated .section", token.line());
            }
            if (token.is("{"))
            {
                depth++;
            }
            else if (token.is("}"))
            {
                depth--;
            }
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Functions

    private void parseFunction(final boolean entry, final int line)
    {
        final List<ParamDeclaration> returnDeclarations = new ArrayList<>();
        if (!entry && acceptPunctuation("("))
        {
            returnDeclarations.addAll(parseParameterDeclarations());
        }
        final Token name = expect(Kind.WORD, "a function name");
        final List<ParamDeclaration> parameterDeclarations = new ArrayList<>();
        if (acceptPunctuation("("))
        {
            parameterDeclarations.addAll(parseParameterDeclarations());
        }

        final ParsedFunction previous = functions.get(name.text());
        final ParsedFunction parsed = new ParsedFunction(name.text(), entry, line);
        function = parsed;
        scopes.push(new HashMap<>());
        if (entry)
        {
            int offset = 0;
            for (final ParamDeclaration declaration : parameterDeclarations)
            {
                offset = (offset + declaration.alignment - 1) / declaration.alignment * declaration.alignment;
                final KernelParameter parameter = new KernelParameter(
                    declaration.name, declaration.size, declaration.alignment, declaration.type);
                parsed.entryParameters.add(parameter);
                parsed.entryParameterOffsets.add(offset);
                declare(declaration.name, new ParsedFunction.ParameterSlot(parameter, offset), declaration.line);
                offset += declaration.size;
            }
        }
        else
        {
            for (final ParamDeclaration declaration : parameterDeclarations)
            {
                parsed.parameters.add(declareFrameVariable(declaration));
            }
            for (final ParamDeclaration declaration : returnDeclarations)
            {
                parsed.returns.add(declareFrameVariable(declaration));
            }
        }

        parsePerformanceDirectives(parsed);
        if (acceptPunctuation(";"))
        {
            scopes.pop();
            function = null;
            functions.putIfAbsent(parsed.name, parsed);
            return;
        }
        if (previous != null && previous.defined)
        {
            throw new PtxException("function '" + name.text() + "' is defined twice", name.line());
        }
        parsed.defined = true;
        functions.put(parsed.name, parsed);
        expectPunctuation("{");
        parseBody();
        scopes.pop();
        function = null;
    }

    private FrameVariable declareFrameVariable(final ParamDeclaration declaration)
    {
        final int offset = function.allocateFrame(declaration.size, declaration.alignment);
        final FrameVariable variable = new FrameVariable(
            declaration.name, offset, declaration.size, declaration.alignment);
        declare(declaration.name, variable, declaration.line);
        return variable;
    }

    private record ParamDeclaration(String name, int size, int alignment, String type, int line)
    {
    }

    private List<ParamDeclaration> parseParameterDeclarations()
    {
        final List<ParamDeclaration> declarations = new ArrayList<>();
        if (acceptPunctuation(")"))
        {
            return declarations;
        }
        do
        {
            final Token space = expect(Kind.WORD, ".param");
            if (!space.text().equals(".param"))
            {
                throw new PtxException("unsupported parameter state space '" + space.text() +
                    "' (only .param parameters are supported)", space.line());
            }
            int alignment = 0;
            PtxType type = null;
            while (type == null)
            {
                final Token attribute = expect(Kind.WORD, "a parameter type");
                switch (attribute.text())
                {
                    case ".align" -> alignment = parseInt(expect(Kind.NUMBER, "an alignment"));
                    case ".ptr", ".global", ".shared", ".local", ".const" ->
                    {
                        // Pointer attributes only help the optimizer; the value is a plain 64-bit address.
                    }
                    default -> type = typeOf(attribute);
                }
            }
            final Token name = expect(Kind.WORD, "a parameter name");
            long count = 1;
            while (acceptPunctuation("["))
            {
                count *= parseInt(expect(Kind.NUMBER, "an array size"));
                expectPunctuation("]");
            }
            final int size = (int)(type.size * count);
            declarations.add(new ParamDeclaration(
                name.text(), size, alignment == 0 ? type.size : alignment, type.suffix(), name.line()));
        }
        while (acceptPunctuation(","));
        expectPunctuation(")");
        return declarations;
    }

    private void parsePerformanceDirectives(final ParsedFunction parsed)
    {
        while (peek().kind() == Kind.WORD && peek().text().startsWith("."))
        {
            final Token directive = next();
            final List<Integer> values = new ArrayList<>();
            while (peek().kind() == Kind.NUMBER)
            {
                values.add(parseInt(next()));
                if (!acceptPunctuation(","))
                {
                    break;
                }
            }
            if (directive.text().equals(".maxntid") || directive.text().equals(".reqntid"))
            {
                int threads = 1;
                for (final int value : values)
                {
                    threads *= value;
                }
                parsed.maxThreadsPerBlock = threads;
            }
            else if (directive.text().equals(".pragma"))
            {
                expect(Kind.STRING, "a pragma string");
                expectPunctuation(";");
            }
        }
    }

    private void parseBody()
    {
        int depth = 1;
        scopes.push(new HashMap<>());
        while (depth > 0)
        {
            final Token token = peek();
            if (token.kind() == Kind.END)
            {
                throw new PtxException("function '" + function.name + "' is not closed with '}'", token.line());
            }
            if (token.is("}"))
            {
                next();
                scopes.pop();
                depth--;
                function.endLine = token.line();
            }
            else if (token.is("{"))
            {
                next();
                scopes.push(new HashMap<>());
                depth++;
            }
            else if (token.is("@"))
            {
                next();
                parseInstruction(parseGuard());
            }
            else if (token.kind() == Kind.WORD && tokens.get(index + 1).is(":"))
            {
                next();
                next();
                defineLabel(token);
            }
            else if (token.kind() == Kind.WORD)
            {
                switch (token.text())
                {
                    case ".reg" -> parseRegisterDeclaration();
                    case ".local", ".param" -> parseFrameVariables();
                    case ".shared" -> parseSharedVariables(next(), false, function);
                    case ".pragma" ->
                    {
                        next();
                        expect(Kind.STRING, "a pragma string");
                        expectPunctuation(";");
                    }
                    case ".loc", ".file" -> skipLine(next().line());
                    default ->
                    {
                        if (token.text().startsWith("."))
                        {
                            throw new PtxException("unsupported PTX directive '" + token.text() + "'", token.line());
                        }
                        parseInstruction(null);
                    }
                }
            }
            else
            {
                throw new PtxException("unexpected '" + token.text() + "'", token.line());
            }
        }
    }

    private void defineLabel(final Token label)
    {
        if (function.labels.putIfAbsent(label.text(), function.statements.size()) != null)
        {
            throw new PtxException("label '" + label.text() + "' is defined twice", label.line());
        }
        function.labelLines.put(label.text(), label.line());
    }

    private Operand.Predicate parseGuard()
    {
        final boolean negated = acceptPunctuation("!");
        final Token name = expect(Kind.WORD, "a guard predicate");
        final Object resolved = lookup(name.text());
        if (!(resolved instanceof Operand.Predicate predicate))
        {
            throw new PtxException("guard '" + name.text() + "' is not a declared predicate", name.line());
        }
        return negated ? predicate.negate() : predicate;
    }

    private void parseInstruction(final Operand.Predicate guard)
    {
        final Token opcode = expect(Kind.WORD, "an instruction");
        if (!InstructionDecoder.knowsInstruction(opcode.text()))
        {
            throw InstructionName.unsupported(opcode.text(), opcode.line());
        }
        final List<Operand> operands = new ArrayList<>();
        if (!acceptPunctuation(";"))
        {
            do
            {
                operands.add(parseOperand());
            }
            while (acceptPunctuation(","));
            if (!acceptPunctuation(";"))
            {
                throw new PtxException("expected ';' after '" + opcode.text() + "' and its operands, found '" +
                    peek().text() + "'", opcode.line());
            }
        }
        function.statements.add(new Statement(opcode.line(), guard, opcode.text(), List.copyOf(operands)));
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Operands

    private Operand parseOperand()
    {
        final Operand first = parsePrimary();
        if (acceptPunctuation("|"))
        {
            return new Operand.Pair(first, parsePrimary());
        }
        return first;
    }

    private Operand parsePrimary()
    {
        final Token token = next();
        if (token.is("!"))
        {
            final Operand operand = parsePrimary();
            if (!(operand instanceof Operand.Predicate predicate))
            {
                throw new PtxException("'!' applies to predicates only", token.line());
            }
            return predicate.negate();
        }
        if (token.is("["))
        {
            return parseAddress(token);
        }
        if (token.is("{"))
        {
            return new Operand.Vector(parseOperandList("}"));
        }
        if (token.is("("))
        {
            return new Operand.Group(parseOperandList(")"));
        }
        if (token.is("-"))
        {
            return parseNumber(expect(Kind.NUMBER, "a number"), true);
        }
        if (token.kind() == Kind.NUMBER)
        {
            return parseNumber(token, false);
        }
        if (token.kind() == Kind.WORD)
        {
            final Operand operand = resolveWord(token);
            if ((operand instanceof Operand.SymbolReference || operand instanceof Operand.Name) &&
                peek().is("+") && tokens.get(index + 1).kind() == Kind.NUMBER)
            {
                next();
                final long offset = parseInteger(next());
                return operand instanceof Operand.SymbolReference reference ?
                    new Operand.SymbolReference(reference.symbol(), reference.offset() + offset) :
                    new Operand.Name(((Operand.Name)operand).name(), offset);
            }
            return operand;
        }
        throw new PtxException("unexpected '" + token.text() + "' in operand", token.line());
    }

    private List<Operand> parseOperandList(final String close)
    {
        final List<Operand> elements = new ArrayList<>();
        if (acceptPunctuation(close))
        {
            return elements;
        }
        do
        {
            elements.add(parseOperand());
        }
        while (acceptPunctuation(","));
        expectPunctuation(close);
        return elements;
    }

    private Operand parseAddress(final Token open)
    {
        final Token baseToken = next();
        Operand base;
        long offset = 0;
        if (baseToken.kind() == Kind.NUMBER)
        {
            base = null;
            offset = parseInteger(baseToken);
        }
        else if (baseToken.kind() == Kind.WORD)
        {
            base = resolveWord(baseToken);
            if (base instanceof Operand.SymbolReference reference)
            {
                offset = reference.offset();
            }
        }
        else
        {
            throw new PtxException("unexpected '" + baseToken.text() + "' in address", open.line());
        }
        while (peek().is("+") || peek().is("-"))
        {
            final boolean minus = next().is("-");
            final boolean negative = acceptPunctuation("-") != minus;
            final long value = parseInteger(expect(Kind.NUMBER, "an address offset"));
            offset += negative ? -value : value;
        }
        expectPunctuation("]");
        if (base instanceof Operand.Predicate || base instanceof Operand.Immediate)
        {
            throw new PtxException("invalid address base '" + baseToken.text() + "'", open.line());
        }
        return new Operand.Address(base, offset);
    }

    private Operand resolveWord(final Token token)
    {
        final String text = token.text();
        if (text.equals("_"))
        {
            return new Operand.Sink();
        }
        final Object resolved = lookup(text);
        if (resolved instanceof Operand operand)
        {
            return operand;
        }
        if (resolved != null)
        {
            return new Operand.SymbolReference(resolved, 0);
        }
        if (text.startsWith("%"))
        {
            final SpecialRegister special = SpecialRegister.fromName(text);
            if (special == null)
            {
                throw new PtxException("unknown register '" + text + "'", token.line());
            }
            return new Operand.Special(special);
        }
        if (text.equals("WARP_SZ"))
        {
            return new Operand.Immediate(32, Operand.Immediate.Form.INTEGER);
        }
        return new Operand.Name(text, 0);
    }

    private Object lookup(final String name)
    {
        for (final Map<String, Object> scope : scopes)
        {
            final Object found = scope.get(name);
            if (found != null)
            {
                return found;
            }
        }
        return null;
    }

    private void declare(final String name, final Object symbol, final int line)
    {
        final Map<String, Object> scope = scopes.peek();
        if (scope.putIfAbsent(name, symbol) != null)
        {
            throw new PtxException("'" + name + "' is declared twice in the same scope", line);
        }
    }

    static Operand.Immediate parseNumber(final Token token, final boolean negative)
    {
        final String text = token.text();
        final String lower = text.toLowerCase();
        try
        {
            if (lower.startsWith("0f") && text.length() == 10)
            {
                final long bits = Long.parseLong(text.substring(2), 16);
                return new Operand.Immediate(
                    negative ? bits ^ 0x8000_0000L : bits, Operand.Immediate.Form.FLOAT32_BITS);
            }
            if (lower.startsWith("0d") && text.length() == 18)
            {
                final long bits = Long.parseUnsignedLong(text.substring(2), 16);
                return new Operand.Immediate(negative ? bits ^ Long.MIN_VALUE : bits,
                    Operand.Immediate.Form.FLOAT64_BITS);
            }
            if (!lower.startsWith("0x") && (lower.contains(".") || lower.contains("e")))
            {
                final double value = Double.parseDouble(text);
                return new Operand.Immediate(
                    Double.doubleToRawLongBits(negative ? -value : value), Operand.Immediate.Form.DECIMAL_FLOAT);
            }
            final long value = parseIntegerText(lower);
            return new Operand.Immediate(negative ? -value : value, Operand.Immediate.Form.INTEGER);
        }
        catch (final NumberFormatException ex)
        {
            throw new PtxException("malformed number '" + text + "'", token.line());
        }
    }

    private static long parseIntegerText(final String lower)
    {
        final String digits = lower.endsWith("u") ? lower.substring(0, lower.length() - 1) : lower;
        if (digits.startsWith("0x"))
        {
            return Long.parseUnsignedLong(digits.substring(2), 16);
        }
        if (digits.startsWith("0b"))
        {
            return Long.parseUnsignedLong(digits.substring(2), 2);
        }
        if (digits.length() > 1 && digits.startsWith("0"))
        {
            return Long.parseUnsignedLong(digits.substring(1), 8);
        }
        return Long.parseUnsignedLong(digits);
    }

    private static long parseInteger(final Token token)
    {
        final Operand.Immediate immediate = parseNumber(token, false);
        if (immediate.form() != Operand.Immediate.Form.INTEGER)
        {
            throw new PtxException("expected an integer, found '" + token.text() + "'", token.line());
        }
        return immediate.bits();
    }

    private static int parseInt(final Token token)
    {
        final long value = parseInteger(token);
        if (value < 0 || value > Integer.MAX_VALUE)
        {
            throw new PtxException("number out of range: " + token.text(), token.line());
        }
        return (int)value;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Declarations

    private void parseRegisterDeclaration()
    {
        next();
        final Token typeToken = expect(Kind.WORD, "a register type");
        if (typeToken.text().equals(".v2") || typeToken.text().equals(".v4"))
        {
            throw new PtxException("vector registers (.reg " + typeToken.text() + ") are not supported",
                typeToken.line());
        }
        final PtxType type = typeOf(typeToken);
        do
        {
            final Token name = expect(Kind.WORD, "a register name");
            if (acceptPunctuation("<"))
            {
                final Token countToken = expect(Kind.NUMBER, "a register count");
                final int count = parseInt(countToken);
                if (count > MAX_REGISTERS_PER_FUNCTION - function.registerBits.size() - function.predicateCount)
                {
                    throw new PtxException("declaring " + count + " registers " + name.text() + " exceeds the " +
                        MAX_REGISTERS_PER_FUNCTION + " registers a function may have", countToken.line());
                }
                expectPunctuation(">");
                for (int i = 0; i < count; i++)
                {
                    declareRegister(name.text() + i, type, name.line());
                }
            }
            else
            {
                declareRegister(name.text(), type, name.line());
            }
        }
        while (acceptPunctuation(","));
        expectPunctuation(";");
    }

    private void declareRegister(final String name, final PtxType type, final int line)
    {
        if (type == PtxType.PRED)
        {
            declare(name, new Operand.Predicate(function.predicateCount++, false), line);
        }
        else
        {
            final int slot = function.registerBits.size();
            function.registerBits.add(type.bits());
            function.registerWords += (type.bits() + 31) / 32;
            declare(name, new Operand.Register(slot, type.bits()), line);
        }
    }

    /**
     * A variable declaration's shape: {@code [.align n] [.vN] .type name[dims]}.
     */
    private record VariableShape(String name, PtxType type, int vector, long count, boolean unsized, int alignment,
        int line)
    {
        long size()
        {
            return type.size * vector * count;
        }

        int elementSize()
        {
            return type.size;
        }
    }

    private List<String> parseVariableAttributes()
    {
        final List<String> attributes = new ArrayList<>();
        while (peek().kind() == Kind.WORD && peek().text().startsWith(".") && PtxType.fromSuffix(
            peek().text().substring(1)) == null)
        {
            final Token attribute = next();
            if (attribute.text().equals(".texref") || attribute.text().equals(".surfref") ||
                attribute.text().equals(".samplerref"))
            {
                throw new PtxException("unsupported PTX directive '" + attribute.text() +
                    "' (textures and surfaces are not supported)", attribute.line());
            }
            if (attribute.text().equals(".attribute"))
            {
                expectPunctuation("(");
                final Token value = expect(Kind.WORD, "an attribute");
                expectPunctuation(")");
                attributes.add(value.text());
            }
            else if (attribute.text().equals(".align"))
            {
                attributes.add(".align");
                attributes.add(expect(Kind.NUMBER, "an alignment").text());
            }
            else
            {
                attributes.add(attribute.text());
            }
        }
        return attributes;
    }

    private VariableShape parseVariableShape(final List<String> attributes, final PtxType type, final int line)
    {
        int alignment = 0;
        int vector = 1;
        for (int i = 0; i < attributes.size(); i++)
        {
            switch (attributes.get(i))
            {
                case ".align" -> alignment = Integer.parseInt(attributes.get(++i));
                case ".v2" -> vector = 2;
                case ".v4" -> vector = 4;
                case ".managed", ".ptr" ->
                {
                    // Managed memory is ordinary device memory in the emulator.
                }
                default -> throw new PtxException("unsupported variable attribute '" + attributes.get(i) + "'", line);
            }
        }
        final Token name = expect(Kind.WORD, "a variable name");
        long count = 1;
        boolean unsized = false;
        while (acceptPunctuation("["))
        {
            if (acceptPunctuation("]"))
            {
                unsized = true;
                count = 0;
                continue;
            }
            final Token sizeToken = expect(Kind.NUMBER, "an array size");
            final long dimension = parseInteger(sizeToken);
            if (dimension < 0 || dimension > MAX_MODULE_VARIABLE_BYTES ||
                count > MAX_MODULE_VARIABLE_BYTES / Math.max(1, dimension))
            {
                throw new PtxException("array size " + sizeToken.text() + " of '" + name.text() + "' is too large",
                    sizeToken.line());
            }
            count *= dimension;
            expectPunctuation("]");
        }
        return new VariableShape(name.text(), type, vector, count, unsized,
            alignment == 0 ? type.size * vector : alignment, name.line());
    }

    private PtxType parseVariableType()
    {
        final Token token = expect(Kind.WORD, "a type");
        final PtxType type = typeOf(token);
        if (type == PtxType.PRED)
        {
            throw new PtxException("predicate variables are not supported", token.line());
        }
        return type;
    }

    private void parseModuleVariables(final Token spaceToken, final boolean external)
    {
        final ModuleVariable.Space space = spaceToken.text().equals(".const") ?
            ModuleVariable.Space.CONST : ModuleVariable.Space.GLOBAL;
        if (space == ModuleVariable.Space.GLOBAL && !external && peek().kind() == Kind.WORD &&
            (peek().text().equals(".texref") || peek().text().equals(".surfref")))
        {
            parseReferenceDeclarations();
            return;
        }
        final List<String> attributes = parseVariableAttributes();
        final PtxType type = parseVariableType();
        do
        {
            final VariableShape shape = parseVariableShape(attributes, type, spaceToken.line());
            if (external)
            {
                throw new PtxException("external variable '" + shape.name + "' is not defined in this module",
                    shape.line);
            }
            if (shape.size() < 0 || shape.size() > MAX_MODULE_VARIABLE_BYTES - moduleVariableBytes)
            {
                throw new PtxException("variable '" + shape.name + "' of " + shape.size() + " bytes exceeds the " +
                    MAX_MODULE_VARIABLE_BYTES + " bytes of variables a module may declare", shape.line);
            }
            moduleVariableBytes += shape.size();
            byte[] bytes = new byte[(int)shape.size()];
            if (acceptPunctuation("="))
            {
                bytes = parseInitializer(shape, bytes);
            }
            if (bytes.length == 0)
            {
                throw new PtxException("variable '" + shape.name + "' has no size", shape.line);
            }
            variables.add(new ModuleVariable(shape.name, space, bytes.length, shape.alignment, bytes));
        }
        while (acceptPunctuation(","));
        expectPunctuation(";");
    }

    /**
     * {@code .global .texref name, ...;} or {@code .global .surfref ...;}: the names cuModuleGetTexRef and
     * cuModuleGetSurfRef find. The interpreter has no texture or surface instructions; a kernel using one is refused
     * as it is decoded.
     */
    private void parseReferenceDeclarations()
    {
        final Token kind = next();
        final Set<String> names = kind.text().equals(".texref") ? textureReferences : surfaceReferences;
        do
        {
            final Token name = expect(Kind.WORD, "a " + kind.text().substring(1) + " name");
            if (!names.add(name.text()))
            {
                throw new PtxException(kind.text().substring(1) + " '" + name.text() + "' is declared twice",
                    name.line());
            }
        }
        while (acceptPunctuation(","));
        expectPunctuation(";");
    }

    private byte[] parseInitializer(final VariableShape shape, final byte[] sized)
    {
        final List<Object> elements = new ArrayList<>();
        final int line = peek().line();
        parseInitializerElements(elements);
        final int elementSize = shape.elementSize();
        byte[] bytes = sized;
        if (shape.unsized)
        {
            bytes = new byte[elements.size() * elementSize];
        }
        if ((long)elements.size() * elementSize > bytes.length)
        {
            throw new PtxException("initializer of '" + shape.name + "' has more elements than the variable", line);
        }
        final ByteBuffer buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < elements.size(); i++)
        {
            final int offset = i * elementSize;
            final Object element = elements.get(i);
            if (element instanceof Operand.Name name)
            {
                if (elementSize != 8)
                {
                    throw new PtxException("address of '" + name.name() + "' in an initializer of " +
                        elementSize + "-byte elements", line);
                }
                relocations.computeIfAbsent(shape.name, key -> new ArrayList<>())
                    .add(new Relocation(offset, 8, name.name(), name.offset(), line));
                continue;
            }
            final long bits = OperandSlots.immediateBits((Operand.Immediate)element, shape.type, line);
            switch (elementSize)
            {
                case 1 -> buffer.put(offset, (byte)bits);
                case 2 -> buffer.putShort(offset, (short)bits);
                case 4 -> buffer.putInt(offset, (int)bits);
                default -> buffer.putLong(offset, bits);
            }
        }
        return bytes;
    }

    private void parseInitializerElements(final List<Object> elements)
    {
        if (acceptPunctuation("{"))
        {
            if (acceptPunctuation("}"))
            {
                return;
            }
            do
            {
                parseInitializerElements(elements);
            }
            while (acceptPunctuation(","));
            expectPunctuation("}");
            return;
        }
        final Token token = next();
        if (token.is("-"))
        {
            elements.add(parseNumber(expect(Kind.NUMBER, "a number"), true));
        }
        else if (token.kind() == Kind.NUMBER)
        {
            elements.add(parseNumber(token, false));
        }
        else if (token.kind() == Kind.WORD)
        {
            String target = token.text();
            if (target.equals("generic") && acceptPunctuation("("))
            {
                target = expect(Kind.WORD, "a variable name").text();
                expectPunctuation(")");
            }
            long addend = 0;
            if (acceptPunctuation("+"))
            {
                addend = parseInteger(expect(Kind.NUMBER, "an offset"));
            }
            elements.add(new Operand.Name(target, addend));
        }
        else
        {
            throw new PtxException("unexpected '" + token.text() + "' in initializer", token.line());
        }
    }

    private void parseSharedVariables(final Token spaceToken, final boolean external, final ParsedFunction owner)
    {
        final List<String> attributes = parseVariableAttributes();
        final PtxType type = parseVariableType();
        do
        {
            final VariableShape shape = parseVariableShape(attributes, type, spaceToken.line());
            if (peek().is("="))
            {
                throw new PtxException("shared variable '" + shape.name + "' cannot have an initializer", shape.line);
            }
            final boolean dynamic = external || shape.unsized;
            if (dynamic && !shape.unsized)
            {
                throw new PtxException("external shared variable '" + shape.name + "' must be an unsized array",
                    shape.line);
            }
            final SharedVariable variable = new SharedVariable(shape.name, shape.size(), shape.alignment, dynamic);
            if (owner == null)
            {
                if (sharedVariables.putIfAbsent(shape.name, variable) != null && !dynamic)
                {
                    throw new PtxException("shared variable '" + shape.name + "' is declared twice", shape.line);
                }
            }
            else
            {
                owner.sharedVariables.add(variable);
                declare(shape.name, variable, shape.line);
            }
        }
        while (acceptPunctuation(","));
        expectPunctuation(";");
    }

    private void parseFrameVariables()
    {
        final Token space = next();
        final List<String> attributes = parseVariableAttributes();
        final PtxType type = parseVariableType();
        do
        {
            final VariableShape shape = parseVariableShape(attributes, type, space.line());
            if (peek().is("="))
            {
                throw new PtxException(space.text() + " variable '" + shape.name + "' cannot have an initializer",
                    shape.line);
            }
            if (shape.size() < 0 || shape.size() > MAX_LOCAL_BYTES_PER_THREAD - function.frameSize)
            {
                throw new PtxException("variable '" + shape.name + "' of " + shape.size() + " bytes exceeds the " +
                    MAX_LOCAL_BYTES_PER_THREAD + " bytes of local memory a thread may have", shape.line);
            }
            final int size = (int)shape.size();
            final int offset = function.allocateFrame(size, shape.alignment);
            declare(shape.name, new FrameVariable(shape.name, offset, size, shape.alignment), shape.line);
        }
        while (acceptPunctuation(","));
        expectPunctuation(";");
    }

    private static PtxType typeOf(final Token token)
    {
        final PtxType type = token.text().startsWith(".") ? PtxType.fromSuffix(token.text().substring(1)) : null;
        if (type == null)
        {
            throw new PtxException("unsupported type '" + token.text() + "'", token.line());
        }
        return type;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Tokens

    private Token peek()
    {
        return tokens.get(index);
    }

    private Token next()
    {
        final Token token = tokens.get(index);
        if (token.kind() != Kind.END)
        {
            index++;
        }
        return token;
    }

    private Token expect(final Kind kind, final String what)
    {
        final Token token = next();
        if (token.kind() != kind)
        {
            throw new PtxException("expected " + what + ", found '" + token.text() + "'", token.line());
        }
        return token;
    }

    private void expectPunctuation(final String punctuation)
    {
        final Token token = next();
        if (!token.is(punctuation))
        {
            throw new PtxException("expected '" + punctuation + "', found '" + token.text() + "'", token.line());
        }
    }

    private boolean acceptPunctuation(final String punctuation)
    {
        if (peek().is(punctuation))
        {
            next();
            return true;
        }
        return false;
    }
}
