using System.Text.Json.Serialization;
using Popcorn;

namespace Popcorn.Generator.Tests.Models;

/// <summary>An abstract polymorphic base: string, integer and no discriminators; unknown types fail, as System.Text.Json's default.</summary>
[JsonPolymorphic]
[JsonDerivedType(typeof(Dog), "dog")]
[JsonDerivedType(typeof(Cat), 2)]
[JsonDerivedType(typeof(Fish))]
public abstract class Animal
{
    public string Name { get; set; } = string.Empty;

    [Always]
    public int Id { get; set; }
}

/// <summary>Refers back to the base: the hierarchy is a cycle.</summary>
public class Dog : Animal
{
    public bool GoodBoy { get; set; }

    public List<Animal>? Friends { get; set; }
}

public class Cat : Animal
{
    public int Lives { get; set; } = 9;

    /// <summary>Never written, not even through a type condition.</summary>
    [Never]
    [JsonIgnore]
    public string Secret { get; set; } = "catnip";
}

public class Fish : Animal
{
    public double Length { get; set; }
}

/// <summary>Not named by <see cref="Animal"/>: writing one through the base fails, as in System.Text.Json.</summary>
public sealed class Puppy : Dog;

/// <summary>A concrete base that names itself, a custom discriminator key, and the nearest named ancestor for unknown types.</summary>
[JsonPolymorphic(TypeDiscriminatorPropertyName = "kind", UnknownDerivedTypeHandling = JsonUnknownDerivedTypeHandling.FallBackToNearestAncestor)]
[JsonDerivedType(typeof(Vehicle), "vehicle")]
[JsonDerivedType(typeof(Truck), "truck")]
public class Vehicle
{
    public string Plate { get; set; } = string.Empty;
}

public class Truck : Vehicle
{
    public int Axles { get; set; }
}

/// <summary>Unknown to <see cref="Vehicle"/>: written as its nearest named ancestor, <see cref="Truck"/>.</summary>
public sealed class BigTruck : Truck
{
    public int Trailers { get; set; }
}

/// <summary>Unknown to <see cref="Vehicle"/>: written as the base itself.</summary>
public sealed class Bike : Vehicle;

/// <summary>A concrete base that does not name itself; unknown types fall back to it.</summary>
[JsonPolymorphic(UnknownDerivedTypeHandling = JsonUnknownDerivedTypeHandling.FallBackToBaseType)]
[JsonDerivedType(typeof(Square), "square")]
public class Figure
{
    public int Sides { get; set; }
}

public class Square : Figure
{
    public double Side { get; set; }
}

/// <summary>Unknown to <see cref="Figure"/>: written as the base, without a discriminator.</summary>
public sealed class Triangle : Figure
{
    public double Height { get; set; }
}

/// <summary>Holds values of every hierarchy, in lists and single members.</summary>
public class Zoo
{
    public List<Animal> Animals { get; set; } = new();

    public Animal? Star { get; set; }

    public Vehicle[] Vehicles { get; set; } = [];

    public List<Figure> Figures { get; set; } = new();

    /// <summary>Declared as a derived type: written without a discriminator, as System.Text.Json does.</summary>
    public Dog? Guard { get; set; }
}
