! race: no
! Different components of one derived-type object.
program component_disjoint
  implicit none
  type pair
    real :: lo(100), hi(100)
  end type
  type(pair) :: p
  integer :: i
  p%lo = 1.0
  !$omp parallel do
  do i = 1, 100
    p%hi(i) = p%lo(i) + 1.0
  end do
  !$omp end parallel do
  print *, p%hi(1)
end program
