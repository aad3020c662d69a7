module consts
  integer, parameter :: scale = 3
end module
