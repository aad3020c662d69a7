! race: no
! Each iteration updates its own element of an array of structures.
program struct_array
  implicit none
  type particle
    real :: x, v
  end type
  type(particle) :: p(100)
  integer :: i
  p%x = 0.0
  p%v = 1.0
  !$omp parallel do
  do i = 1, 100
    p(i)%x = p(i)%x + p(i)%v
  end do
  !$omp end parallel do
  print *, p(1)%x
end program
