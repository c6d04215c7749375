using System;
using System.Linq;
using Microsoft.CodeAnalysis;
using Popcorn.Generator.Diagnostics;
using Popcorn.Generator.Model;

namespace Popcorn.Generator.Parsing;

/// <summary>How each type is written: primitives, enums, models, collections, dictionaries, or System.Text.Json.</summary>
internal sealed partial class ContextParser
{
    /// <summary>
    /// Describes how a value of <paramref name="type"/> is written, registering any model type it reaches.
    /// Null when the type cannot be written at all (pointers, ref structs, inaccessible types).
    /// </summary>
    private ValueShape? Shape(ITypeSymbol type, INamedTypeSymbol? memberConverter, ISymbol owner)
    {
        if (type is IPointerTypeSymbol or IFunctionPointerTypeSymbol or ITypeParameterSymbol or IErrorTypeSymbol || type.IsRefLikeType)
        {
            return null;
        }

        if (!_compilation.IsSymbolAccessibleWithin(type, _context))
        {
            return null;
        }

        string typeName = type.ToDisplayString(s_codeFormat);
        string bare = type.ToDisplayString(s_typeOfFormat);
        if (memberConverter is not null)
        {
            return ConverterShape(type, memberConverter);
        }

        if (type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable)
        {
            var underlying = Shape(nullable.TypeArguments[0], null, owner);
            return underlying is null ? null : new ValueShape(ShapeKind.Nullable, typeName, bare, IsValueType: true, Element: underlying);
        }

        if (TypeLevelConverter(type) is { } typeConverter)
        {
            return type.TypeKind == TypeKind.Enum && IsStringEnumConverter(typeConverter)
                ? StringEnumShape((INamedTypeSymbol)type, viaConverter: false)
                : Delegated(type);
        }

        if (_options.ConvertedTypes.Contains(type))
        {
            return Delegated(type);
        }

        var primitive = PrimitiveOf(type);
        if (primitive != PrimitiveKind.None)
        {
            bool numeric = primitive is >= PrimitiveKind.Byte and <= PrimitiveKind.Decimal;
            return numeric && _options.NumbersDelegated
                ? Delegated(type)
                : new ValueShape(ShapeKind.Primitive, typeName, bare, type.IsValueType, primitive);
        }

        if (type.TypeKind == TypeKind.Enum && type is INamedTypeSymbol enumType)
        {
            if (_options.StringEnums || _options.StringEnumTypes.Contains(type))
            {
                return StringEnumShape(enumType, viaConverter: false);
            }

            string underlying = enumType.EnumUnderlyingType?.ToDisplayString(s_codeFormat) ?? "int";
            return new ValueShape(ShapeKind.NumericEnum, typeName, bare, IsValueType: true, Target: underlying);
        }

        if (type is IArrayTypeSymbol array)
        {
            if (!array.IsSZArray)
            {
                return Delegated(type);
            }

            var element = Shape(array.ElementType, null, owner);
            return element is null ? null : new ValueShape(ShapeKind.Sequence, typeName, bare, IsValueType: false, Collection: CollectionKind.Array, Element: element, NonNullElements: DeclaredNonNull(array.ElementType));
        }

        if (type is not INamedTypeSymbol named || type.SpecialType == SpecialType.System_Object)
        {
            return Delegated(type);
        }

        if (DictionaryShape(named, owner) is { } dictionary)
        {
            return dictionary;
        }

        if (SequenceShape(named, owner, out bool unsupported) is { } sequence)
        {
            return sequence;
        }

        if (unsupported)
        {
            return null;
        }

        if (IsModel(named))
        {
            var model = GetOrAddModel(named);
            return new ValueShape(ShapeKind.Model, typeName, bare, named.IsValueType, Target: model.Identifier);
        }

        return Delegated(type);
    }

    private ValueShape Delegated(ITypeSymbol type) =>
        new(ShapeKind.Delegated, type.ToDisplayString(s_codeFormat), type.ToDisplayString(s_typeOfFormat), type.IsValueType, Target: type.ToDisplayString(s_typeOfFormat));

    private ValueShape? DictionaryShape(INamedTypeSymbol type, ISymbol owner)
    {
        INamedTypeSymbol? dictionaryInterface = null;
        if (KnownTypes.Is(type, _known.IDictionary) || KnownTypes.Is(type, _known.IReadOnlyDictionary) || KnownTypes.Is(type, _known.Dictionary))
        {
            dictionaryInterface = type;
        }
        else
        {
            dictionaryInterface = type.AllInterfaces.FirstOrDefault(i => KnownTypes.Is(i, _known.IDictionary) || KnownTypes.Is(i, _known.IReadOnlyDictionary));
        }

        if (dictionaryInterface is null)
        {
            return null;
        }

        var keyType = dictionaryInterface.TypeArguments[0];
        var valueType = dictionaryInterface.TypeArguments[1];
        var keyPrimitive = PrimitiveOf(keyType);
        bool keySupported = keyPrimitive is PrimitiveKind.String or PrimitiveKind.Boolean or PrimitiveKind.Char or PrimitiveKind.Guid
            || keyPrimitive is >= PrimitiveKind.Byte and <= PrimitiveKind.UInt64;
        if (!keySupported)
        {
            // Keys System.Text.Json formats itself (enums, dates...) are left to it, with the whole dictionary.
            var valueShape = Shape(valueType, null, owner);
            if (valueShape is not null && ModelsIn(valueShape).Any() && owner is IPropertySymbol or IFieldSymbol)
            {
                Report(
                    DiagnosticDescriptors.ValuesNotSelectable,
                    owner,
                    owner.ContainingType.Name,
                    owner.Name,
                    type.ToDisplayString(s_displayFormat),
                    $"keys of type '{keyType.ToDisplayString(s_displayFormat)}' are formatted by System.Text.Json");
            }

            return Delegated(type);
        }

        var value = Shape(valueType, null, owner);
        if (value is null)
        {
            return null;
        }

        var key = new ValueShape(ShapeKind.Primitive, keyType.ToDisplayString(s_codeFormat), keyType.ToDisplayString(s_typeOfFormat), keyType.IsValueType, keyPrimitive);
        var collection = KnownTypes.Is(type, _known.Dictionary) ? CollectionKind.Concrete
            : type.TypeKind == TypeKind.Interface ? CollectionKind.DictionaryInterface
            : CollectionKind.Enumerable;
        return new ValueShape(ShapeKind.Dictionary, type.ToDisplayString(s_codeFormat), type.ToDisplayString(s_typeOfFormat), type.IsValueType, Collection: collection, Element: value, Key: key);
    }

    private ValueShape? SequenceShape(INamedTypeSymbol type, ISymbol owner, out bool unsupported)
    {
        unsupported = false;
        if (type.SpecialType == SpecialType.System_String)
        {
            return null;
        }

        CollectionKind collection;
        ITypeSymbol elementType;
        if (KnownTypes.Is(type, _known.List))
        {
            collection = CollectionKind.List;
            elementType = type.TypeArguments[0];
        }
        else if (KnownTypes.Is(type, _known.ImmutableArray))
        {
            collection = CollectionKind.ImmutableArray;
            elementType = type.TypeArguments[0];
        }
        else if (KnownTypes.Is(type, _known.HashSet))
        {
            collection = CollectionKind.Concrete;
            elementType = type.TypeArguments[0];
        }
        else if (KnownTypes.Is(type, _known.IEnumerable))
        {
            collection = CollectionKind.SequenceInterface;
            elementType = type.TypeArguments[0];
        }
        else if (type.AllInterfaces.FirstOrDefault(i => KnownTypes.Is(i, _known.IEnumerable)) is { } enumerable)
        {
            // Interfaces are enumerated through IEnumerable<T> after runtime checks for the common List<T>
            // and T[]; other concrete collections through IEnumerable<T>.
            collection = type.TypeKind == TypeKind.Interface ? CollectionKind.SequenceInterface : CollectionKind.Enumerable;
            elementType = enumerable.TypeArguments[0];
        }
        else
        {
            return null;
        }

        var element = Shape(elementType, null, owner);
        if (element is null)
        {
            unsupported = true;
            return null;
        }

        return new ValueShape(ShapeKind.Sequence, type.ToDisplayString(s_codeFormat), type.ToDisplayString(s_typeOfFormat), type.IsValueType, Collection: collection, Element: element, NonNullElements: DeclaredNonNull(elementType));
    }

    /// <summary>A reference type written without <c>?</c> where nullable annotations are enabled; false in oblivious code.</summary>
    private static bool DeclaredNonNull(ITypeSymbol type) =>
        type.IsReferenceType && type.NullableAnnotation == NullableAnnotation.NotAnnotated;

    private ValueShape? ConverterShape(ITypeSymbol type, INamedTypeSymbol converter)
    {
        bool isNullable = type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T };
        var underlying = isNullable ? ((INamedTypeSymbol)type).TypeArguments[0] : type;
        string typeName = type.ToDisplayString(s_codeFormat);
        string bare = type.ToDisplayString(s_typeOfFormat);

        if (IsStringEnumConverter(converter) && underlying.TypeKind == TypeKind.Enum)
        {
            var shape = StringEnumShape((INamedTypeSymbol)underlying, viaConverter: true);
            return isNullable ? new ValueShape(ShapeKind.Nullable, typeName, bare, IsValueType: true, Element: shape) : shape;
        }

        if (converter.IsAbstract || !converter.InstanceConstructors.Any(c => c.Parameters.Length == 0 && _compilation.IsSymbolAccessibleWithin(c, _context)))
        {
            return null;
        }

        string converterName = converter.ToDisplayString(s_typeOfFormat);
        var converted = ConvertedType(converter);
        bool isFactory = converted is null;
        if (isNullable && (isFactory || SymbolEqualityComparer.Default.Equals(converted, underlying)))
        {
            // As System.Text.Json does: a converter of T on a T? member writes the value when there is one.
            var inner = new ValueShape(ShapeKind.Converter, underlying.ToDisplayString(s_codeFormat), underlying.ToDisplayString(s_typeOfFormat), IsValueType: true, Target: converterName);
            return new ValueShape(ShapeKind.Nullable, typeName, bare, IsValueType: true, Element: inner);
        }

        return new ValueShape(ShapeKind.Converter, typeName, bare, type.IsValueType, Target: converterName);
    }

    private ValueShape StringEnumShape(INamedTypeSymbol enumType, bool viaConverter)
    {
        string identifier = EnumIdentifier(enumType, viaConverter);
        _stringEnums[identifier] = (enumType, viaConverter);
        return new ValueShape(ShapeKind.StringEnum, enumType.ToDisplayString(s_codeFormat), enumType.ToDisplayString(s_typeOfFormat), IsValueType: true, Target: identifier);
    }

    private string EnumIdentifier(INamedTypeSymbol enumType, bool viaConverter)
    {
        string baseName = enumType.Name + (viaConverter ? "ByConverter" : string.Empty);
        string fullName = enumType.ToDisplayString(s_typeOfFormat) + (viaConverter ? "|converter" : string.Empty);
        if (_enumIdentifiers.TryGetValue(fullName, out string? existing))
        {
            return existing;
        }

        string identifier = baseName;
        for (int i = 2; _enumIdentifiers.ContainsValue(identifier); i++)
        {
            identifier = baseName + i.ToString(System.Globalization.CultureInfo.InvariantCulture);
        }

        _enumIdentifiers[fullName] = identifier;
        return identifier;
    }

    private INamedTypeSymbol? TypeLevelConverter(ITypeSymbol type) =>
        KnownTypes.FirstArgumentOf<INamedTypeSymbol>(type, _known.JsonConverterAttribute);

    private bool IsStringEnumConverter(INamedTypeSymbol converter) =>
        KnownTypes.Is(converter, _known.JsonStringEnumConverter) || KnownTypes.Is(converter, _known.JsonStringEnumConverterOfT);

    /// <summary>The T of the <c>JsonConverter&lt;T&gt;</c> a converter derives from; null for factories.</summary>
    private ITypeSymbol? ConvertedType(INamedTypeSymbol converter)
    {
        for (INamedTypeSymbol? current = converter; current is not null; current = current.BaseType)
        {
            if (KnownTypes.Is(current, _known.JsonConverterOfT))
            {
                return current.TypeArguments[0];
            }

            if (KnownTypes.Is(current, _known.JsonConverterFactory))
            {
                return null;
            }
        }

        return null;
    }

    private PrimitiveKind PrimitiveOf(ITypeSymbol type)
    {
        switch (type.SpecialType)
        {
            case SpecialType.System_Boolean: return PrimitiveKind.Boolean;
            case SpecialType.System_Byte: return PrimitiveKind.Byte;
            case SpecialType.System_SByte: return PrimitiveKind.SByte;
            case SpecialType.System_Int16: return PrimitiveKind.Int16;
            case SpecialType.System_UInt16: return PrimitiveKind.UInt16;
            case SpecialType.System_Int32: return PrimitiveKind.Int32;
            case SpecialType.System_UInt32: return PrimitiveKind.UInt32;
            case SpecialType.System_Int64: return PrimitiveKind.Int64;
            case SpecialType.System_UInt64: return PrimitiveKind.UInt64;
            case SpecialType.System_Single: return PrimitiveKind.Single;
            case SpecialType.System_Double: return PrimitiveKind.Double;
            case SpecialType.System_Decimal: return PrimitiveKind.Decimal;
            case SpecialType.System_Char: return PrimitiveKind.Char;
            case SpecialType.System_String: return PrimitiveKind.String;
            case SpecialType.System_DateTime: return PrimitiveKind.DateTime;
        }

        if (type is IArrayTypeSymbol { IsSZArray: true, ElementType.SpecialType: SpecialType.System_Byte })
        {
            return PrimitiveKind.ByteArray;
        }

        if (KnownTypes.Is(type, _known.Guid))
        {
            return PrimitiveKind.Guid;
        }

        if (KnownTypes.Is(type, _known.DateTimeOffset))
        {
            return PrimitiveKind.DateTimeOffset;
        }

        if (KnownTypes.Is(type, _known.DateOnly))
        {
            return PrimitiveKind.DateOnly;
        }

        if (KnownTypes.Is(type, _known.TimeOnly))
        {
            return PrimitiveKind.TimeOnly;
        }

        if (KnownTypes.Is(type, _known.TimeSpan))
        {
            return PrimitiveKind.TimeSpan;
        }

        if (KnownTypes.Is(type, _known.Uri))
        {
            return PrimitiveKind.Uri;
        }

        return PrimitiveKind.None;
    }

    /// <summary>
    /// A class or struct Popcorn describes member by member. Framework types (System.*, Microsoft.*)
    /// have System.Text.Json converters of their own, so they are left to System.Text.Json, and so are
    /// polymorphic types whose hierarchy Popcorn does not write (see <see cref="CanWritePolymorphically"/>).
    /// </summary>
    private bool IsModel(INamedTypeSymbol type)
    {
        if (type.TypeKind is not (TypeKind.Class or TypeKind.Struct) || type.IsAnonymousType || type.IsTupleType || type.IsUnboundGenericType)
        {
            return false;
        }

        string ns = type.ContainingNamespace?.ToDisplayString() ?? string.Empty;
        if (ns == "System" || ns.StartsWith("System.", StringComparison.Ordinal) || ns == "Microsoft" || ns.StartsWith("Microsoft.", StringComparison.Ordinal))
        {
            return false;
        }

        if (IsPolymorphic(type) && !CanWritePolymorphically(type))
        {
            return false;
        }

        return _compilation.IsSymbolAccessibleWithin(type, _context);
    }
}
